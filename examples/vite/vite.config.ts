import { defineConfig } from "vite";
import { vite as typedMsgpack } from "typed-msgpack-build/unplugin";

export default defineConfig({
  plugins: [typedMsgpack()],
});
