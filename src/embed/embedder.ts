// The embedding interface: every producer of vectors (the daemon client, the in-process
// Transformers.js model, test embedders) implements it, so the batch job and the search do not
// care where vectors come from.

/** One vector per text, or null for a text that could not be embedded. */
export interface Embedder {
  embed(texts: string[]): Promise<(Float32Array | null)[]>;
  /** A short description for logs and the CLI (e.g. "daemon", "local model"). */
  readonly name?: string;
  close?(): Promise<void> | void;
}

/** A vector usable as an error-KB embedding: the right size and finite. */
export function validVector(v: unknown, dims: number): v is Float32Array {
  if (!(v instanceof Float32Array) || v.length !== dims) return false;
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i] as number)) return false;
  return true;
}

export function toBase64(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
}

export function fromBase64(s: string): Float32Array | null {
  try {
    const buf = Buffer.from(s, 'base64');
    if (buf.byteLength === 0 || buf.byteLength % 4 !== 0) return null;
    const out = new Float32Array(buf.byteLength / 4);
    new Uint8Array(out.buffer).set(buf);
    return out;
  } catch {
    return null;
  }
}
