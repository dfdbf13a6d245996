// The types, apart from the codecs: main.ts imports them type-only, so Rspack never loads this
// file; the plugin makes it a dependency of main.ts (the loader's addDependency), so Rspack watches it.
export interface Reading {
  sensor: string;
  celsius: number;
  takenAt: Date;
}
