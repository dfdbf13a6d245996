import { defineConfig } from "vite";
import { vite as typedMsgpack } from "typed-msgpack/unplugin";

export default defineConfig({
  plugins: [typedMsgpack()],
});
