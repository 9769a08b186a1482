package io.informer4j.kubernetes.testserver;

import java.util.Map;

/**
 * What an apply removes, as structured-merge-diff's {@code Updater.prune} decides it: a field, list
 * item or map key the manager applied last time and applies no more goes, unless a manager — the
 * applier's new configuration included — owns it. Object fields a schema declares count as owned
 * when something below them is, and go as a whole when nothing in them is owned anymore (an
 * emptied object does not stay behind). Only what the manager owned last time can go. Stateless.
 */
final class FieldPruning {

  private FieldPruning() {
  }

  /**
   * Returns {@code merged} (the stored object with the applied one merged in) without what the
   * applier owned before ({@code lastApplied}) and no manager of {@code managed} (holding the
   * applier's new fields) owns now.
   */
  static Map<String, Object> prune(Map<String, Object> merged, ManagedFields managed, FieldSet lastApplied,
                                   SchemaNode schema) {
    if (lastApplied.isEmpty()) {
      return merged;
    }
    FieldSet last = lastApplied.withNamedFieldsAsMembers(schema);
    Map<String, Object> pruned = FieldRemoval.remove(merged, last, schema);
    FieldSet owned = FieldSet.empty();
    for (ManagedFields.Entry entry : managed.entries()) {
      owned = owned.union(entry.fields());
    }
    FieldSet mergedFields = fieldsOf(merged, schema);
    // put back what is still there or owned by anyone
    pruned = FieldRemoval.remove(merged, mergedFields.difference(fieldsOf(pruned, schema)
        .union(owned.withNamedFieldsAsMembers(schema))), schema);
    // and remove only what the applier owned last time
    return FieldRemoval.remove(merged, mergedFields.difference(fieldsOf(pruned, schema)).intersection(last), schema);
  }

  private static FieldSet fieldsOf(Map<String, Object> document, SchemaNode schema) {
    return ValueFields.of(document, schema).withNamedFieldsAsMembers(schema);
  }
}
