import { wallClockProblem } from '../../../base/common/datetime.ts';

/**
 * The filter language's text: tokens, the parser into an EventFilter, and back to text.
 *
 *   expression := or
 *   or         := and ("or" and)*
 *   and        := unary (["and"] unary)*          two conditions side by side mean "and"
 *   unary      := "not" unary | "(" or ")" | condition
 *   condition  := FIELD ("=" | "!=" | "<" | "<=" | ">" | ">=") VALUE
 *               | FIELD "in" "(" VALUE ("," VALUE)* ")"
 *               | FIELD "exists"
 *               | VALUE                          free text, found in any value of the event
 *
 * A word is a field only when an operator follows it, so `7781` or `checkout` alone searches.
 * Keywords are case-insensitive; a quoted "and" is text to search for.
 */

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** A field of the event: ['customer_id'], or ['attributes', NAME]. */
export type FieldPath = readonly [string] | readonly ['attributes', string];

export type EventFilter =
  | { readonly kind: 'all' }
  | { readonly kind: 'and' | 'or'; readonly parts: readonly EventFilter[] }
  | { readonly kind: 'not'; readonly part: EventFilter }
  | { readonly kind: 'compare'; readonly field: FieldPath; readonly operator: ComparisonOperator; readonly value: string }
  | { readonly kind: 'in'; readonly field: FieldPath; readonly values: readonly string[] }
  | { readonly kind: 'exists'; readonly field: FieldPath }
  | { readonly kind: 'text'; readonly text: string };

export type FilterParse = { ok: true; filter: EventFilter } | { ok: false; message: string; column: number };

export interface FilterOptions {
  /** The environment's name for the service-id field (svc_id in the specification); `svc_id` always works too. */
  serviceIdField?: string;
}

/** The event fields of features/validation/common/event-schema.ts, as the filter names them. */
export const FILTER_FIELDS = ['token', 'customer_id', 'device_id', 'created_at', 'svc_id', 'attributes'] as const;

const COMPARISONS: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=']);
const KEYWORDS: ReadonlySet<string> = new Set(['and', 'or', 'not', 'in', 'exists']);
/** Characters that end a bare word (`!` ends one only before `=`). */
const WORD_STOPS = new Set(['(', ')', ',', '=', '<', '>', '"', "'"]);
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "'": "'", '\\': '\\', '/': '/', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

interface Token {
  type: 'word' | 'quoted' | 'symbol';
  text: string;
  /** 1-based, and the column just after the token. */
  column: number;
  end: number;
  /** For attributes."a name": the name, as quoted. */
  attribute?: string;
}

class FilterSyntaxError extends Error {
  readonly column: number;

  constructor(message: string, column: number) {
    super(message);
    this.column = column;
  }
}

function isSpace(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

/** Reads a quoted text starting at `start` (the quote); returns its value and the index after it. */
function readQuoted(expression: string, start: number): { text: string; next: number } {
  const quote = expression[start]!;
  let text = '';
  let index = start + 1;
  while (index < expression.length) {
    const char = expression[index]!;
    if (char === quote) return { text, next: index + 1 };
    if (char !== '\\') {
      text += char;
      index++;
      continue;
    }
    const escaped = expression[index + 1];
    if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(expression.slice(index + 2, index + 6))) {
      text += String.fromCharCode(parseInt(expression.slice(index + 2, index + 6), 16));
      index += 6;
    } else if (escaped !== undefined && ESCAPES[escaped] !== undefined) {
      text += ESCAPES[escaped];
      index += 2;
    } else {
      throw new FilterSyntaxError(`unknown escape “\\${escaped ?? ''}” in quoted text: use \\" \\' \\\\ \\n \\t or \\uXXXX`, index + 1);
    }
  }
  throw new FilterSyntaxError(`unclosed quote: expected a closing ${quote}`, start + 1);
}

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < expression.length) {
    const char = expression[index]!;
    if (isSpace(char)) {
      index++;
      continue;
    }
    const column = index + 1;
    if (char === '"' || char === "'") {
      const quoted = readQuoted(expression, index);
      tokens.push({ type: 'quoted', text: quoted.text, column, end: quoted.next + 1 });
      index = quoted.next;
      continue;
    }
    const two = expression.slice(index, index + 2);
    if (two === '!=' || two === '<=' || two === '>=') {
      tokens.push({ type: 'symbol', text: two, column, end: column + 2 });
      index += 2;
      continue;
    }
    if (WORD_STOPS.has(char)) {
      tokens.push({ type: 'symbol', text: char, column, end: column + 1 });
      index++;
      continue;
    }
    let end = index;
    while (end < expression.length && !isSpace(expression[end]!) && !WORD_STOPS.has(expression[end]!) && expression.slice(end, end + 2) !== '!=') end++;
    const text = expression.slice(index, end);
    // attributes."first name": a quoted attribute name right after the dot.
    if (text === 'attributes.' && (expression[end] === '"' || expression[end] === "'")) {
      const quoted = readQuoted(expression, end);
      tokens.push({ type: 'word', text: `attributes.${quoted.text}`, column, end: quoted.next + 1, attribute: quoted.text });
      index = quoted.next;
      continue;
    }
    tokens.push({ type: 'word', text, column, end: end + 1 });
    index = end;
  }
  return tokens;
}

/** `2026`, `2026-11`, `2026-11-20`, `2026-11-20 14`, `2026-11-20 14:30`, `2026-11-20 14:30:00` (or with a T). */
const PARTIAL_DATE_TIME = /^\d{4}(-\d{2}(-\d{2}([ T]\d{2}(:\d{2}(:\d{2})?)?)?)?)?$/;
/** What a partial date-time's missing parts are taken to be, so the calendar can judge the parts written. */
const EARLIEST_DATE_TIME = '0001-01-01 00:00:00';

/** Why a date-time shaped as PARTIAL_DATE_TIME names no moment (2026-11-40, 2026-02-30, 24:00), or null. */
function impossibleDateTime(value: string): string | null {
  const problem = wallClockProblem(value + EARLIEST_DATE_TIME.slice(value.length));
  if (problem === null) return null;
  return problem.code === 'date-time-time'
    ? `“${value.slice(11)}” is not a time of day (00:00:00 to 23:59:59)`
    : `“${value.slice(0, 10)}” is not a date in the calendar`;
}

class Parser {
  private position = 0;
  private readonly fieldNames: string;
  private readonly tokens: Token[];
  private readonly expressionLength: number;
  private readonly serviceIdField: string;

  constructor(tokens: Token[], expressionLength: number, serviceIdField: string) {
    this.tokens = tokens;
    this.expressionLength = expressionLength;
    this.serviceIdField = serviceIdField;
    const serviceId = serviceIdField === 'svc_id' ? 'svc_id' : `svc_id (${serviceIdField})`;
    this.fieldNames = FILTER_FIELDS.map((field) => (field === 'svc_id' ? serviceId : field)).join(', ');
  }

  parse(): EventFilter {
    if (this.tokens.length === 0) return { kind: 'all' };
    const filter = this.parseOr();
    const extra = this.peek();
    if (extra)
      throw new FilterSyntaxError(
        extra.text === ')' ? 'unexpected “)”: there is no “(” to close' : `unexpected “${extra.text}”: expected “and”, “or” or the end`,
        extra.column,
      );
    return filter;
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.position + offset];
  }

  private endColumn(): number {
    return this.expressionLength + 1;
  }

  private isKeyword(token: Token | undefined, keyword: string): boolean {
    return token?.type === 'word' && token.attribute === undefined && token.text.toLowerCase() === keyword;
  }

  private parseOr(): EventFilter {
    const parts = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'or')) {
      this.position++;
      parts.push(this.parseAnd());
    }
    return parts.length === 1 ? parts[0]! : { kind: 'or', parts };
  }

  private parseAnd(): EventFilter {
    const parts = [this.parseUnary()];
    for (;;) {
      const next = this.peek();
      if (next === undefined || this.isKeyword(next, 'or') || (next.type === 'symbol' && next.text === ')')) break;
      if (this.isKeyword(next, 'and')) this.position++;
      parts.push(this.parseUnary());
    }
    return parts.length === 1 ? parts[0]! : { kind: 'and', parts };
  }

  private parseUnary(): EventFilter {
    const token = this.peek();
    if (token === undefined) {
      const previous = this.tokens[this.position - 1]!;
      throw new FilterSyntaxError(`expected a condition after “${previous.text}”`, this.endColumn());
    }
    if (this.isKeyword(token, 'not')) {
      this.position++;
      return { kind: 'not', part: this.parseUnary() };
    }
    if (token.type === 'symbol' && token.text === '(') {
      this.position++;
      const inner = this.parseOr();
      const close = this.peek();
      if (close?.type !== 'symbol' || close.text !== ')')
        throw new FilterSyntaxError(`expected “)” to close the “(” at column ${token.column}`, close?.column ?? this.endColumn());
      this.position++;
      return inner;
    }
    if (token.type === 'symbol') {
      const hint = COMPARISONS.has(token.text) ? ': expected a field before it' : ': expected a field, a text to search for, “not” or “(”';
      throw new FilterSyntaxError(`unexpected “${token.text}”${hint}`, token.column);
    }
    if (token.type === 'word' && KEYWORDS.has(token.text.toLowerCase()) && token.attribute === undefined) {
      throw new FilterSyntaxError(
        `unexpected “${token.text}”: expected a field, a text to search for, “not” or “(” (quote it to search for the word)`,
        token.column,
      );
    }
    if (token.type === 'word' && this.startsCondition()) return this.parseCondition(token);
    this.position++;
    return { kind: 'text', text: token.text };
  }

  /** A word followed by an operator, `exists`, or `in (` names a field. */
  private startsCondition(): boolean {
    const next = this.peek(1);
    if (next === undefined) return false;
    if (next.type === 'symbol') return COMPARISONS.has(next.text);
    if (this.isKeyword(next, 'exists')) return true;
    if (!this.isKeyword(next, 'in')) return false;
    const after = this.peek(2);
    return (after?.type === 'symbol' && after.text === '(') || this.fieldOf(this.peek()!) !== null;
  }

  private fieldOf(token: Token): FieldPath | null {
    if (token.attribute !== undefined) return ['attributes', token.attribute];
    const text = token.text;
    if (text.startsWith('attributes.') && text.length > 'attributes.'.length) return ['attributes', text.slice('attributes.'.length)];
    if (text === 'svc_id') return [this.serviceIdField];
    if (text === this.serviceIdField || (FILTER_FIELDS as readonly string[]).includes(text)) return [text];
    return null;
  }

  private parseCondition(fieldToken: Token): EventFilter {
    const field = this.fieldOf(fieldToken);
    if (field === null) {
      const message =
        fieldToken.text === 'attributes.'
          ? 'expected an attribute name after “attributes.”'
          : `unknown field “${fieldToken.text}”: fields are ${this.fieldNames} or attributes.NAME`;
      throw new FilterSyntaxError(message, fieldToken.text === 'attributes.' ? fieldToken.end : fieldToken.column);
    }
    this.position++;
    const operator = this.peek()!;
    this.position++;
    if (this.isKeyword(operator, 'exists')) return { kind: 'exists', field };
    if (this.isKeyword(operator, 'in')) return { kind: 'in', field, values: this.parseList(fieldToken, operator) };
    const value = this.parseValue(field, `${fieldToken.text} ${operator.text}`);
    return { kind: 'compare', field, operator: operator.text as ComparisonOperator, value };
  }

  private parseList(fieldToken: Token, inToken: Token): string[] {
    const open = this.peek();
    if (open?.type !== 'symbol' || open.text !== '(')
      throw new FilterSyntaxError(`expected “(” after “${fieldToken.text} in”, as in ${fieldToken.text} in (a, b)`, open?.column ?? this.endColumn());
    this.position++;
    const values = [this.parseValue(this.fieldOf(fieldToken)!, `${fieldToken.text} ${inToken.text} (`)];
    for (;;) {
      const next = this.peek();
      if (next?.type === 'symbol' && next.text === ')') {
        this.position++;
        return values;
      }
      if (next?.type !== 'symbol' || next.text !== ',')
        throw new FilterSyntaxError(`expected “,” or “)” in the list of values opened at column ${open.column}`, next?.column ?? this.endColumn());
      this.position++;
      values.push(this.parseValue(this.fieldOf(fieldToken)!, `${fieldToken.text} ${inToken.text} (`));
    }
  }

  private parseValue(field: FieldPath, after: string): string {
    const token = this.peek();
    if (token === undefined || token.type === 'symbol') throw new FilterSyntaxError(`expected a value after “${after}”`, token?.column ?? this.endColumn());
    this.position++;
    if (field[0] !== 'created_at') return token.text;
    if (!PARTIAL_DATE_TIME.test(token.text)) {
      throw new FilterSyntaxError(`expected a date-time after “${after}”, such as 2026-11-20 or "2026-11-20 14:30:00", not “${token.text}”`, token.column);
    }
    const value = token.text.replace('T', ' ');
    const problem = impossibleDateTime(value);
    if (problem) throw new FilterSyntaxError(problem, token.column);
    return value;
  }
}

export function parseFilter(expression: string, options: FilterOptions = {}): FilterParse {
  try {
    const filter = new Parser(tokenize(expression), expression.length, options.serviceIdField ?? 'svc_id').parse();
    return { ok: true, filter };
  } catch (error) {
    if (error instanceof FilterSyntaxError) return { ok: false, message: error.message, column: error.column };
    throw error;
  }
}

const BARE = /^[^\s()=<>,"'!]+$/;

/** A value as the parser reads it back: bare when it is one plain word, quoted otherwise. */
function valueText(text: string): string {
  return BARE.test(text) && !KEYWORDS.has(text.toLowerCase()) ? text : JSON.stringify(text);
}

function fieldText(field: FieldPath, serviceIdField: string): string {
  if (field.length === 1) return field[0] === serviceIdField ? 'svc_id' : field[0];
  const name = field[1];
  return BARE.test(name) ? `attributes.${name}` : `attributes.${JSON.stringify(name)}`;
}

/** The filter as an expression that parses back to the same filter (with the same options). */
export function describeFilter(filter: EventFilter, options: FilterOptions = {}): string {
  const serviceIdField = options.serviceIdField ?? 'svc_id';
  const nested = (part: EventFilter): string =>
    part.kind === 'and' || part.kind === 'or' ? `(${describeFilter(part, options)})` : describeFilter(part, options);
  switch (filter.kind) {
    case 'all':
      return '';
    case 'and':
    case 'or':
      return filter.parts.map(nested).join(` ${filter.kind} `);
    case 'not':
      return `not ${nested(filter.part)}`;
    case 'compare':
      return `${fieldText(filter.field, serviceIdField)} ${filter.operator} ${valueText(filter.value)}`;
    case 'in':
      return `${fieldText(filter.field, serviceIdField)} in (${filter.values.map(valueText).join(', ')})`;
    case 'exists':
      return `${fieldText(filter.field, serviceIdField)} exists`;
    case 'text': {
      const field = FILTER_FIELDS as readonly string[];
      return field.includes(filter.text) || filter.text.startsWith('attributes.') || filter.text === serviceIdField
        ? JSON.stringify(filter.text)
        : valueText(filter.text);
    }
  }
}
