/** A request as the exports write it and the cURL import reads it: text in, text out. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** How exports treat secrets: masked through base/common/redaction/redact.ts unless the user asks for them. */
export interface ExportOptions {
  revealSecrets?: boolean;
  /** Secret values to mask wherever else they appear, such as a login body echoing a password. */
  secrets?: readonly string[];
}
