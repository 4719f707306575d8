// `yaml` is loaded only when an orchestrator session is active: most SubagentStarts never pay
// for it (DESIGN: hot path).
type YamlLib = typeof import('yaml');

let lib: YamlLib | null = null;

export async function loadYaml(): Promise<YamlLib> {
  if (!lib) {
    // yaml is CommonJS: bundled, its exports may sit under `default`.
    const m = (await import('yaml')) as YamlLib & { default?: YamlLib };
    lib = typeof m.parseDocument === 'function' ? m : (m.default as YamlLib);
  }
  return lib;
}

/** True once yaml has been imported in this process (tests check the hot path with it). */
export function yamlLoaded(): boolean {
  return lib !== null;
}
