import { defineConfig } from "vitest/config";
import { vite as typedMsgpack } from "typed-msgpack/unplugin";

export default defineConfig({
  plugins: [typedMsgpack()],
});
