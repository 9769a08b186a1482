package io.informer4j.meta;

/**
 * The canonical instance of a string ({@link String#intern()}), with the strings asked for most
 * recently remembered so that a repeated value is found without a call into the JVM's string table:
 * a value that repeats from object to object (a namespace, a label value, a managed-fields time)
 * costs a hash and a comparison. For {@link ObjectAdapter#compact} implementations. The memory keeps at most {@value #SLOTS} interned strings
 * referenced; the others are reclaimed as interned strings are, once nothing refers to them.
 *
 * <p>Thread-safe and lock-free: slots are written without synchronization, which is safe because
 * strings are immutable and a lost or stale slot only costs a call to {@code intern()}.
 */
public final class SharedStrings {

  private static final int SLOTS = 4096;
  private static final String[] RECENT = new String[SLOTS];

  private SharedStrings() {
  }

  /** Returns the canonical instance equal to {@code value}; null for null. */
  public static String of(String value) {
    if (value == null) {
      return null;
    }
    int slot = value.hashCode() & (SLOTS - 1);
    String recent = RECENT[slot];
    if (recent != null && recent.equals(value)) {
      return recent;
    }
    String canonical = value.intern();
    RECENT[slot] = canonical;
    return canonical;
  }
}
