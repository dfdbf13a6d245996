// The type lives here; the test imports it type-only, so vitest never loads this file. The plugin
// tells Vite that the test's codec depends on it, so an edit here re-runs the test.
export interface Point {
  x: number;
  y: number;
  label?: string;
}
