import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError, get } from '../api.js';

export interface PageProps {
  arg: string;
}

/** Loads `path` (again when `reload` is called or `path` changes). */
export function useApi<T>(path: string | null): {
  data: T | null;
  error: ApiError | null;
  reload: () => void;
} {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    get<T>(path).then(
      (v) => live && (setData(v), setError(null)),
      (e: unknown) => live && setError(e instanceof ApiError ? e : new ApiError(String(e), 0)),
    );
    return () => {
      live = false;
    };
  }, [path, n]);
  return { data, error, reload: useCallback(() => setN((x) => x + 1), []) };
}

/** `value` trimmed, once it has not changed for `ms` (search boxes: one request per pause). */
export function useDebounced(value: string, ms = 250): string {
  const [v, setV] = useState(value.trim());
  useEffect(() => {
    const t = setTimeout(() => setV(value.trim()), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function Header(p: { title: string; sub?: ComponentChildren; children?: ComponentChildren }) {
  return (
    <header class="page-head">
      <div>
        <h1>{p.title}</h1>
        {p.sub && <p class="muted">{p.sub}</p>}
      </div>
      <div class="head-actions">{p.children}</div>
    </header>
  );
}

export function Failure(p: { error: ApiError | null }) {
  if (!p.error) return null;
  return (
    <div class="alert" role="alert">
      <strong>{p.error.message}</strong>
      {p.error.fix && <div>fix: {p.error.fix}</div>}
    </div>
  );
}

export function Loading() {
  return <p class="muted">Loading…</p>;
}

export function Badge(p: { kind: string; children: ComponentChildren }) {
  return <span class={`badge b-${p.kind.replace(/[^a-z0-9_-]/gi, '')}`}>{p.children}</span>;
}

/** A figure with its label, an optional hint and its one-line definition (what exactly is counted). */
export function Stat(p: { label: string; value: ComponentChildren; hint?: string; def: string }) {
  return (
    <div class="stat" data-stat={p.label}>
      <div class="stat-v">{p.value}</div>
      <div class="stat-l">{p.label}</div>
      {p.hint && <div class="stat-h">{p.hint}</div>}
      <div class="stat-d">{p.def}</div>
    </div>
  );
}

/** The one-line definition of a figure shown in a table or chart. */
export function Def(p: { children: ComponentChildren }) {
  return <p class="def">{p.children}</p>;
}
