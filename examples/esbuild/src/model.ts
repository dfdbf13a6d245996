// The types, apart from the codecs: main.ts imports them type-only, so esbuild never loads this
// file; the plugin tells esbuild to watch it.
export interface Reading {
  sensor: string;
  celsius: number;
  takenAt: Date;
}
