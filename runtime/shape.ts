/**
 * Types only: what makes a stale generated codec a compile error (issue 19). `typed-msgpack
 * generate` writes into each `.codecs.ts` the shape of every type as it was when the codec was
 * generated (`__tm_S_Order`), and a check that compares it with the type as it is now:
 *
 * ```ts
 * declare const __tm_check_OrderCodec: __tm.Unchanged<__tm.SameShape<Order, __tm_S_Order, "OrderCodec was generated for another Order: run `npx typed-msgpack generate`">>;
 * ```
 *
 * When `Order` gains, loses or changes a property (down to LEVELS in emit/shape.ts), `tsc` (and the editor) report
 * `Type '"OrderCodec was generated for another Order: ..."' does not satisfy the constraint 'true'`.
 *
 * `Shape<T>` is `T` as the generator models it, so that what the codec cannot tell apart does not
 * count: enum members are their values, branded primitives their primitive (number widths their `Width`), `void` is `undefined`,
 * `readonly` is dropped, and `Map`/`Set`/`Uint8Array` lose their readonly or buffer variants. Every
 * property becomes required, an optional one (`?`, or `undefined` among its types) as `Optional<T>`
 * (`Optional<never>` when it can only be absent), so that adding or removing an optional property
 * is a difference too. Only the current type is mapped; the
 * snapshot is written in this form already, so the comparison never stops early at a depth limit
 * of the checker (it gives up on deep structures when both sides are instances of one mapped type).
 */

/** An optional property, in a snapshot and in `Shape`: its value type, or absent. */
export type Optional<T> = T | OptionalProperty;
export interface OptionalProperty {
  readonly __typedMsgpackOptional: true;
}

/**
 * A number of a declared width (`Int32`, `Float32`...; `Width<"int64">` stands for both halves of
 * `Int64`): distinct from `number` and from every other width, so that a changed width is a change.
 */
export interface Width<W> {
  readonly __typedMsgpackWidth: W;
}

/** `true` when `Current` still has the shape `Generated` recorded, else `Stale` (the message). */
export type SameShape<Current, Generated, Stale extends string> = [Shape<Current>] extends [Generated]
  ? [Generated] extends [Shape<Current>]
    ? true
    : Stale
  : Stale;

/** Fails to compile, showing the message, unless `Check` is `true`. */
export type Unchanged<Check extends true> = Check;

/** `T` as the generator models it (see above). */
export type Shape<T> = 0 extends 1 & T
  ? any
  : unknown extends T
    ? unknown
    : T extends string
      ? {} extends Omit<T, keyof string>
        ? `${T}`
        : string // enum member → its value; branded → string
      : T extends number | bigint
        ? "__tmWidth" extends keyof T
          ? Width<Exclude<T["__tmWidth" & keyof T], undefined>>
          : T extends number
            ? {} extends Omit<T, keyof number>
              ? T
              : number
            : bigint
        : T extends boolean | null | undefined
          ? T
          : T extends void
            ? undefined
            : T extends Date
              ? Date
              : T extends Uint8Array
                ? Uint8Array
                : T extends ArrayBuffer
                  ? ArrayBuffer
                  : T extends readonly (infer E)[]
                    ? E[] extends T
                      ? Shape<E>[]
                      : Elements<T>
                    : T extends ReadonlyMap<infer K, infer V>
                      ? Map<Shape<K>, Shape<V>>
                      : T extends ReadonlySet<infer E>
                        ? Set<Shape<E>>
                        : { -readonly [K in keyof T]-?: Property<T, K> };

/** Tuple elements; an optional or rest element's `undefined` is its absence, as in a snapshot. */
type Elements<T> = { -readonly [K in keyof T]: {} extends Pick<T, K> ? Shape<Exclude<T[K], void>> : Shape<T[K]> };

type Property<T, K extends keyof T> =
  {} extends Record<K, 1>
    ? Shape<T[K]> // an index signature
    : {} extends Pick<T, K>
      ? Optional<Shape<Exclude<T[K], void>>>
      : StrictNulls extends true
        ? undefined extends T[K]
          ? Optional<Shape<Exclude<T[K], void>>>
          : Shape<T[K]>
        : Shape<T[K]>;

/** Without strictNullChecks every type takes `undefined`, and only `?` makes a property optional. */
type StrictNulls = undefined extends null ? false : true;
