// Dataset "smallints" has the type of "floats" (NumberList), so its hand-written codec is the same
// code: a hand-written codec is written for the type, not for the values it will see.
export { encode, decode } from "./floats";
