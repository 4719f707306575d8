// The vector tier's database side: sqlite-vec KNN over vec_error_kb, and the seed's thresholds.
//
// Metric. The seed's `vec_error_kb` declares no distance_metric, so sqlite-vec measures L2 there,
// and its cut-offs (0.76 / 0.85) are L2 distances between unit vectors. Our table is created with
// distance_metric=cosine (it returns the cosine distance d = 1 − cos); on unit vectors
// L2 = √(2·d), so the seed's 0.76 / 0.85 are cosine distance 0.289 / 0.361 (similarity 0.711 / 0.639).
// The thresholds are configured and applied in the seed's metric (L2 on normalised vectors):
// every distance sqlite-vec returns is converted with l2FromCosine before it is compared.
import { ensureVec, type DB } from '../db/db.js';
import { anyEmbedding, deleteEmbedding, nearestEmbeddings, replaceEmbedding, vecTableExists } from './db.js';
import { EMBED_DIMS } from '../embed/index.js';

/** Seed thresholds (REQ-RA-002), L2 on unit vectors: accept below 0.76; 0.76–0.85 only with a shared keyword; none above. */
export const VEC_ACCEPT = 0.76;
export const VEC_REJECT = 0.85;

export interface VecThresholds {
  /** L2 distance below which a match is accepted. */
  accept: number;
  /** L2 distance from which nothing matches (between the two: only with a shared keyword). */
  reject: number;
}
export const DEFAULT_THRESHOLDS: VecThresholds = { accept: VEC_ACCEPT, reject: VEC_REJECT };

/** The L2 distance of two unit vectors whose cosine distance is `d` (√(2d)). */
export function l2FromCosine(d: number): number {
  return Math.sqrt(Math.max(0, 2 * d));
}
/** The cosine distance of two unit vectors at L2 distance `l2` (l2² / 2). */
export function cosineFromL2(l2: number): number {
  return (l2 * l2) / 2;
}
/** The seed searches the top 3. */
export const VEC_K = 3;

/**
 * Whether any entry has an embedding, read from sqlite-vec's rowids shadow table so the extension
 * is not loaded for nothing (hot path). Null when the vector table does not exist yet.
 */
export function embeddingsExist(db: DB): boolean | null {
  try {
    if (!vecTableExists(db)) return null;
    return anyEmbedding(db);
  } catch {
    return null;
  }
}

export function vecBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

/**
 * The k nearest entries, nearest first, with sqlite-vec's cosine distance (`distance`) and the
 * seed's L2 distance on unit vectors (`l2`). Loads sqlite-vec; throws when it cannot.
 */
export async function knn(
  db: DB,
  query: Float32Array,
  k = VEC_K,
): Promise<{ id: number; distance: number; l2: number }[]> {
  if (query.length !== EMBED_DIMS)
    throw new Error(`query vector has ${query.length} dimensions, expected ${EMBED_DIMS}`);
  if (!(await ensureVec(db))) throw new Error('sqlite-vec is not available');
  const rows = nearestEmbeddings(db, vecBlob(query), k);
  return rows.map((r) => ({ ...r, l2: l2FromCosine(r.distance) }));
}

/** Stores (replaces) the embedding of one entry (seed: DELETE then INSERT). Needs sqlite-vec loaded. */
export function putEmbedding(db: DB, id: number, v: Float32Array): void {
  replaceEmbedding(db, id, vecBlob(v));
}

/** Removes the embedding of one entry, when sqlite-vec can be loaded. */
export async function dropEmbedding(db: DB, id: number): Promise<void> {
  if (embeddingsExist(db) === null) return;
  if (!(await ensureVec(db))) return;
  deleteEmbedding(db, id);
}
