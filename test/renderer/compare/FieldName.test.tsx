// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FieldName } from '../../../renderer/compare/EventDiffList.tsx';

afterEach(cleanup);

it("offers a line break only after a field name's dots, each name kept whole on its line", () => {
  const { container } = render(<FieldName text="attributes.email.domain" />);
  const code = container.querySelector('code')!;
  expect([...code.querySelectorAll('span')].map((part) => part.textContent)).toEqual(['attributes.', 'email.', 'domain']);
  expect(code.querySelectorAll('wbr')).toHaveLength(2);
  expect(code.textContent).toBe('attributes.email.domain');
});
