package io.informer4j.reader;

import io.informer4j.source.Selection;
import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * How an {@link InformersMap} is asked to list, watch and keep one type: what it selects, and the
 * informer's name, resync period, transform and whether objects are kept compact. An informer is identified by its type and
 * {@link #selection()}; the rest belongs to the first registration (a later one asking for other
 * settings gets the same informer, and the difference is noted on the entry).
 *
 * @param selection    the namespace ({@link Selection#ALL_NAMESPACES} for all) and label and field
 *                     selectors pushed into every list and watch
 * @param name         names the informer in logs, status and metrics; null for one derived from the
 *                     type and the selection
 * @param resyncPeriod how often every cached object is re-delivered to handlers unchanged; null for
 *                     the map's default, {@link Duration#ZERO} for never
 * @param transform    applied to every object before it is cached (receives and must return an
 *                     instance of the type's class; idempotent and thread-safe); null for none
 * @param compactObjects false to keep objects as decoded rather than in their compact form
 *                     ({@link io.informer4j.meta.ObjectAdapter#compact}); null for the default (compact)
 */
public record InformerSpec(Selection selection, String name, Duration resyncPeriod, UnaryOperator<Object> transform,
                           Boolean compactObjects) {

  private static final InformerSpec ALL = new InformerSpec(Selection.all(), null, null, null, null);

  /** @throws IllegalArgumentException if the resync period is negative */
  public InformerSpec {
    Objects.requireNonNull(selection, "selection");
    if (resyncPeriod != null && resyncPeriod.isNegative()) {
      throw new IllegalArgumentException("resync period must not be negative: " + resyncPeriod);
    }
  }

  /** Returns the spec of every object in every namespace, with the map's defaults. */
  public static InformerSpec all() {
    return ALL;
  }

  /** Returns the spec of {@code selection} with the map's defaults. */
  public static InformerSpec of(Selection selection) {
    return new InformerSpec(selection, null, null, null, null);
  }

  /**
   * Returns true when this spec asks for something {@code first} does not give: a name, resync
   * period, transform or object form it sets (a null component asks for nothing) that differs from
   * the first's.
   */
  boolean asksMoreThan(InformerSpec first) {
    return (name != null && !name.equals(first.name))
        || (resyncPeriod != null && !resyncPeriod.equals(first.resyncPeriod))
        || (transform != null && transform != first.transform)
        || (compactObjects != null && compactObjects != first.keepsObjectsCompact());
  }

  /** Returns whether the informer keeps objects in their compact form (unless asked not to). */
  boolean keepsObjectsCompact() {
    return compactObjects == null || compactObjects;
  }

  /** Returns a copy named {@code name}. */
  public InformerSpec withName(String name) {
    return new InformerSpec(selection, Objects.requireNonNull(name, "name"), resyncPeriod, transform, compactObjects);
  }

  /** Returns a copy with the resync period set ({@link Duration#ZERO} for never). */
  public InformerSpec withResyncPeriod(Duration period) {
    return new InformerSpec(selection, name, Objects.requireNonNull(period, "period"), transform, compactObjects);
  }

  /** Returns a copy with the transform set. */
  public InformerSpec withTransform(UnaryOperator<Object> transform) {
    return new InformerSpec(selection, name, resyncPeriod, Objects.requireNonNull(transform, "transform"),
        compactObjects);
  }

  /** Returns a copy that keeps objects compact (true, the default) or as decoded (false). */
  public InformerSpec withCompactObjects(boolean compact) {
    return new InformerSpec(selection, name, resyncPeriod, transform, compact);
  }
}
