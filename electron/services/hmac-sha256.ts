/**
 * HMAC-SHA256 (RFC 2104, FIPS 180-4) under one key, for many short messages: pseudonymizing
 * 100 000 events takes one per distinct value, about 281 000. The key's two padded blocks are
 * hashed once; each message then costs its own blocks and one more, in place, with no call into
 * node:crypto, whose objects and calls cost more than the hashing (createHmac per value was
 * 4× slower than a reused keyed hash, itself 4× slower than this; npm run bench -- transform).
 */

const BLOCK_BYTES = 64;

const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const schedule = new Int32Array(64);

/** SHA-256's compression of the 64-byte block of `bytes` at `at` into `state`. */
function compress(state: Int32Array, bytes: Uint8Array, at: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i++) {
    const from = at + 4 * i;
    w[i] = (bytes[from]! << 24) | (bytes[from + 1]! << 16) | (bytes[from + 2]! << 8) | bytes[from + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (s1 + w[i - 7]! + s0 + w[i - 16]!) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + sum1 + ((e & f) ^ (~e & g)) + ROUND_CONSTANTS[i]! + w[i]!) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (sum0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

function writeState(state: Int32Array, bytes: Uint8Array): void {
  for (let i = 0; i < 8; i++) {
    bytes[4 * i] = state[i]! >>> 24;
    bytes[4 * i + 1] = state[i]! >>> 16;
    bytes[4 * i + 2] = state[i]! >>> 8;
    bytes[4 * i + 3] = state[i]!;
  }
}

/** SHA-256's padding after `length` bytes at the start of `bytes`, `hashed` bytes before them already compressed; the padded length. */
function pad(bytes: Uint8Array, length: number, hashed: number): number {
  const padded = (length + 9 + BLOCK_BYTES - 1) & ~(BLOCK_BYTES - 1);
  bytes.fill(0, length, padded);
  bytes[length] = 0x80;
  const bits = (hashed + length) * 8;
  const high = Math.floor(bits / 2 ** 32);
  for (let i = 0; i < 4; i++) {
    bytes[padded - 1 - i] = bits >>> (8 * i);
    bytes[padded - 5 - i] = high >>> (8 * i);
  }
  return padded;
}

/** The HMAC-SHA256 of each message (as UTF-8) under `key`, a key of at most one block. */
export function hmacSha256(key: Uint8Array): (message: string) => Uint8Array {
  if (key.length > BLOCK_BYTES) throw new RangeError('An HMAC key longer than a block must be hashed first.');
  const block = new Uint8Array(BLOCK_BYTES);
  block.set(key);
  const innerStart = Int32Array.from(INITIAL_STATE);
  const outerStart = Int32Array.from(INITIAL_STATE);
  compress(innerStart, block.map((byte) => byte ^ 0x36), 0);
  compress(outerStart, block.map((byte) => byte ^ 0x5c), 0);
  const encoder = new TextEncoder();
  const state = new Int32Array(8);
  const outer = new Uint8Array(BLOCK_BYTES);
  let message = new Uint8Array(256);
  return (text) => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; 72 more for the padding.
    if (message.length < text.length * 3 + 72) message = new Uint8Array(text.length * 3 + 72);
    const padded = pad(message, encoder.encodeInto(text, message).written, BLOCK_BYTES);
    state.set(innerStart);
    for (let at = 0; at < padded; at += BLOCK_BYTES) compress(state, message, at);
    writeState(state, outer);
    pad(outer, 32, BLOCK_BYTES);
    state.set(outerStart);
    compress(state, outer, 0);
    const digest = new Uint8Array(32);
    writeState(state, digest);
    return digest;
  };
}
