package io.informer4j.meta;

/**
 * Shared instances of strings that repeat from object to object (a namespace, a label value, a
 * managed-fields time), for {@link ObjectAdapter#compact} implementations. A value is remembered the
 * first time it is seen and shared from the second time on: then it becomes its canonical instance
 * ({@link String#intern()}) and later equal values are found without a call into the JVM's string
 * table, at the cost of a hash and a comparison. A value seen once is returned as it is and never
 * interned, so values that do not repeat (creation timestamps, unique label values) cost neither an
 * intern nor a place in the JVM's string table. The memory keeps at most {@value #SLOTS} values seen
 * once and {@value #SLOTS} canonical ones referenced; the canonical strings are reclaimed as interned
 * strings are, once nothing refers to them. A repeating value whose slot another value took in
 * between is remembered again, so sharing is likely for values that repeat often, not guaranteed.
 *
 * <p>Thread-safe and lock-free: slots are written without synchronization, which is safe because
 * strings are immutable and a lost or stale slot only costs sharing.
 */
public final class SharedStrings {

  private static final int SLOTS = 4096;
  private static final String[] CANONICAL = new String[SLOTS];
  private static final String[] SEEN_ONCE = new String[SLOTS];

  private SharedStrings() {
  }

  /**
   * Returns {@code value} or an equal instance shared with earlier calls: the canonical instance when
   * the value has been seen before (and its slot kept it), else {@code value} itself; null for null.
   */
  public static String of(String value) {
    if (value == null) {
      return null;
    }
    int slot = value.hashCode() & (SLOTS - 1);
    String canonical = CANONICAL[slot];
    if (canonical != null && canonical.equals(value)) {
      return canonical;
    }
    String seen = SEEN_ONCE[slot];
    if (seen != null && seen.equals(value)) {
      String shared = seen.intern();
      CANONICAL[slot] = shared;
      return shared;
    }
    SEEN_ONCE[slot] = value;
    return value;
  }
}
