import * as transforms from '../../../features/transforms/common/transforms.ts';
import { createTransformResponder, type TransformRequest } from './transform-protocol.ts';

/** Transforms run here, off the UI thread, so a 29 MB batch never freezes the dialog. */
const respond = createTransformResponder(transforms);

self.onmessage = (message: MessageEvent<TransformRequest>) => {
  self.postMessage(respond(message.data));
};
