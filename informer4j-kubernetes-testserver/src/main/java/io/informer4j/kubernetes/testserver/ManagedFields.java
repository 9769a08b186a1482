package io.informer4j.kubernetes.testserver;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An object's {@code metadata.managedFields}, read and written as the API server does
 * (k8s.io/apimachinery pkg/util/managedfields/internal/managedfields.go): one entry per manager —
 * its name, operation ({@code Apply} or {@code Update}), API version, subresource — with the time of
 * its last change and the fields it owns ({@link FieldSet}, as {@code FieldsV1}). A manager is
 * identified by name, operation and subresource, and for {@code Update} also by API version (so a
 * manager that applies is one entry whatever version it applies). Entries are written sorted:
 * {@code Apply} before {@code Update}, then by time, name, version, subresource.
 *
 * <p>Not thread-safe: one instance serves one write.
 */
final class ManagedFields {

  static final String APPLY = "Apply";
  static final String UPDATE = "Update";

  /**
   * Who manages fields: the identity of an entry.
   *
   * @param name        the field manager ({@code kubectl}, {@code fabric8-kubernetes-client}, …)
   * @param operation   {@link #APPLY} or {@link #UPDATE}
   * @param apiVersion  the version it wrote in (empty in the identity of an applier)
   * @param subresource {@code status}, or empty for the main resource
   */
  record Manager(String name, String operation, String apiVersion, String subresource) {

    /** Returns the manager of a write: an applier's identity has no version. */
    static Manager of(String name, String operation, String apiVersion, String subresource) {
      return new Manager(name, operation, APPLY.equals(operation) ? "" : apiVersion, subresource);
    }

    boolean applies() {
      return APPLY.equals(operation);
    }

    /**
     * Returns the manager as the API server names it in conflicts (printManager): {@code "name"},
     * then {@code with subresource "status"}, then for an updater {@code using <version>}.
     */
    String describe() {
      String text = JsonValues.quote(name);
      if (!subresource.isEmpty()) {
        text += " with subresource " + JsonValues.quote(subresource);
      }
      return applies() ? text : text + " using " + apiVersion;
    }
  }

  /** One manager's fields, the version they are in and the time of the manager's last change (or null). */
  record Entry(Manager manager, String apiVersion, FieldSet fields, String time) {
  }

  private final Map<Manager, Entry> entries = new LinkedHashMap<>();

  /** Returns managed fields with no entry. */
  static ManagedFields none() {
    return new ManagedFields();
  }

  /**
   * Reads {@code metadata.managedFields} (null or absent: none).
   *
   * @throws IllegalArgumentException if an entry is not one the API server accepts, naming the entry
   */
  static ManagedFields decode(Object managedFields) {
    ManagedFields decoded = new ManagedFields();
    if (managedFields == null) {
      return decoded;
    }
    if (!(managedFields instanceof List<?> list)) {
      throw new IllegalArgumentException("managedFields must be a list");
    }
    for (int i = 0; i < list.size(); i++) {
      if (!(list.get(i) instanceof Map<?, ?> entry)) {
        throw new IllegalArgumentException("managed fields entry " + i + " is not an object");
      }
      String operation = text(entry, "operation");
      if (!APPLY.equals(operation) && !UPDATE.equals(operation)) {
        throw new IllegalArgumentException("operation must be `Apply` or `Update`");
      }
      String apiVersion = text(entry, "apiVersion");
      if (apiVersion.isEmpty()) {
        throw new IllegalArgumentException("apiVersion must not be empty");
      }
      String fieldsType = text(entry, "fieldsType");
      if (fieldsType.isEmpty()) {
        throw new IllegalArgumentException("missing fieldsType in managed fields entry " + i);
      }
      if (!fieldsType.equals("FieldsV1")) {
        throw new IllegalArgumentException("invalid fieldsType \"" + fieldsType + "\" in managed fields entry " + i);
      }
      FieldSet fields;
      try {
        fields = entry.get("fieldsV1") == null ? FieldSet.empty() : FieldSet.fromFieldsV1(entry.get("fieldsV1"));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("error decoding versioned set of managed fields entry " + i + ": "
            + e.getMessage(), e);
      }
      Manager manager = Manager.of(text(entry, "manager"), operation, apiVersion, text(entry, "subresource"));
      decoded.entries.put(manager, new Entry(manager, apiVersion, fields, entry.get("time") instanceof String t ? t : null));
    }
    return decoded;
  }

  /** Returns the entry of {@code manager}, if any. */
  Optional<Entry> get(Manager manager) {
    return Optional.ofNullable(entries.get(manager));
  }

  /** Sets the entry of its manager, or removes it when it owns nothing. */
  void put(Entry entry) {
    if (entry.fields().isEmpty()) {
      entries.remove(entry.manager());
    } else {
      entries.put(entry.manager(), entry);
    }
  }

  /** Removes the entry of {@code manager}. */
  void remove(Manager manager) {
    entries.remove(manager);
  }

  /** Returns every entry. */
  Collection<Entry> entries() {
    return List.copyOf(entries.values());
  }

  /** Returns the entries as {@code metadata.managedFields}, sorted; null when there is none. */
  List<Object> encode() {
    if (entries.isEmpty()) {
      return null;
    }
    List<Entry> sorted = new ArrayList<>(entries.values());
    sorted.sort(Comparator.comparing((Entry e) -> e.manager().operation())
        .thenComparingLong(e -> seconds(e.time()))
        .thenComparing(e -> e.manager().name())
        .thenComparing(Entry::apiVersion)
        .thenComparing(e -> e.manager().subresource()));
    List<Object> encoded = new ArrayList<>();
    for (Entry entry : sorted) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("manager", entry.manager().name());
      json.put("operation", entry.manager().operation());
      json.put("apiVersion", entry.apiVersion());
      if (entry.time() != null) {
        json.put("time", entry.time());
      }
      json.put("fieldsType", "FieldsV1");
      json.put("fieldsV1", entry.fields().toFieldsV1());
      if (!entry.manager().subresource().isEmpty()) {
        json.put("subresource", entry.manager().subresource());
      }
      encoded.add(json);
    }
    return encoded;
  }

  private static long seconds(String time) {
    if (time == null) {
      return 0;
    }
    try {
      return Instant.parse(time).getEpochSecond();
    } catch (DateTimeParseException e) {
      return 0;
    }
  }

  private static String text(Map<?, ?> entry, String key) {
    return entry.get(key) instanceof String text ? text : "";
  }
}
