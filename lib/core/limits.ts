// The int32 limits for per-packet code, inside the library only (core/index does not export
// this file). Enum members reach the bundle as literals; a module-level constant such as
// INT32_MIN is a shared variable that V8 loads and type-checks at each use, and −2^31 is not
// even a small integer to V8 but a boxed double (lib/README "What V8 makes expensive").

export const enum I32 {
  Max = 2147483647,
  Min = -2147483648,
}
