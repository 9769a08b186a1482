package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code x-kubernetes-validations} rules of a structural schema, compiled once, in a tree that
 * follows the schema (the apiextensions-apiserver's cel.Validator, pkg/apiserver/schema/cel/validation.go):
 * a node's rules run with {@code self} bound to the value at that node, then the rules below it
 * run on the node's properties, map values and list items. {@code oldSelf} is the old value at the
 * same place where one can be told: an object's property and a map's value by name, a
 * {@code x-kubernetes-list-type: map} list's item by its keys; other lists' items have none, and a
 * transition rule within them does not compile. A null value is not validated. Rules ratchet on
 * updates (the CRDValidationRatcheting feature, on by default since Kubernetes 1.28; the
 * {@code shouldRatchetError} of validation.go): a rule that does not name {@code oldSelf} and fails
 * on a value equal to its old value gives a warning instead of an error, so an object stored before
 * the rule existed can still be changed elsewhere.
 *
 * <p>Immutable and thread-safe once compiled.
 */
final class CelValidator {

  private final Map<?, ?> schema;
  private final boolean resource;
  private final List<CelRule> rules;
  private final Map<String, CelValidator> properties;
  private final CelValidator items;
  private final CelValidator values;

  private CelValidator(Map<?, ?> schema, boolean resource, List<CelRule> rules, Map<String, CelValidator> properties,
                       CelValidator items, CelValidator values) {
    this.schema = schema;
    this.resource = resource;
    this.rules = rules;
    this.properties = properties;
    this.items = items;
    this.values = values;
  }

  /**
   * Compiles the rules of a resource's schema; returns null when it has none. A rule that does not
   * compile is left out and its problem added to {@code problems}, at its place under
   * {@code schemaPath} ({@code spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule}).
   */
  static CelValidator compile(Map<?, ?> schema, String schemaPath, List<FieldError> problems) {
    return schema == null ? null : compile(schema, true, schemaPath, null, problems);
  }

  private static CelValidator compile(Map<?, ?> schema, boolean resource, String schemaPath, String uncorrelatable,
                                      List<FieldError> problems) {
    List<CelRule> rules = compileRules(schema, resource, schemaPath, uncorrelatable, problems);
    Map<String, CelValidator> properties = new LinkedHashMap<>();
    if (schema.get("properties") instanceof Map<?, ?> declared) {
      declared.forEach((name, child) -> {
        if (child instanceof Map<?, ?> node) {
          CelValidator validator = compile(node, false, schemaPath + ".properties[" + name + "]", uncorrelatable, problems);
          if (validator != null) {
            properties.put(String.valueOf(name), validator);
          }
        }
      });
    }
    CelValidator items = null;
    if (schema.get("items") instanceof Map<?, ?> node) {
      String itemsPath = schemaPath + ".items";
      boolean correlated = SchemaNode.of(schema).listType() == SchemaNode.ListType.MAP;
      items = compile(node, false, itemsPath, correlated || uncorrelatable != null ? uncorrelatable : itemsPath, problems);
    }
    CelValidator values = schema.get("additionalProperties") instanceof Map<?, ?> node
        ? compile(node, false, schemaPath + ".additionalProperties", uncorrelatable, problems) : null;
    if (rules.isEmpty() && properties.isEmpty() && items == null && values == null) {
      return null;
    }
    return new CelValidator(schema, resource, rules, Map.copyOf(properties), items, values);
  }

  private static List<CelRule> compileRules(Map<?, ?> schema, boolean resource, String schemaPath, String uncorrelatable,
                                            List<FieldError> problems) {
    List<CelRule> rules = new ArrayList<>();
    if (!(schema.get("x-kubernetes-validations") instanceof List<?> declared) || declared.isEmpty()) {
      return rules;
    }
    CelRuleCompiler compiler = new CelRuleCompiler(schema, resource, "selfType");
    for (int i = 0; i < declared.size(); i++) {
      if (!(declared.get(i) instanceof Map<?, ?> rule)) {
        continue;
      }
      String rulePath = schemaPath + ".x-kubernetes-validations[" + i + "].";
      if (checkRule(rule, schema, rulePath, problems)) {
        CelRule compiled = compiler.compile(withFieldPath(rule, schema), (field, detail) ->
            problems.add(new FieldError("FieldValueInvalid", rulePath + field, null, goValue(rule) + ": " + detail)));
        if (compiled != null && compiled.transition() && uncorrelatable != null) {
          problems.add(FieldError.invalid(rulePath + "rule", compiled.rule(),
              "oldSelf cannot be used on the uncorrelatable portion of the schema within " + uncorrelatable));
        } else if (compiled != null) {
          rules.add(compiled);
        }
      }
    }
    return rules;
  }

  /** The checks of a rule before it is compiled (pkg/apis/apiextensions/validation/validation.go); true when it passes them. */
  private static boolean checkRule(Map<?, ?> rule, Map<?, ?> schema, String rulePath, List<FieldError> problems) {
    int before = problems.size();
    String text = Documents.text(rule, "rule");
    if (text == null || text.isBlank()) {
      problems.add(FieldError.required(rulePath + "rule", "rule is not specified"));
    }
    String reason = Documents.text(rule, "reason");
    if (reason != null && !CelRuleCompiler.REASONS.contains(reason)) {
      problems.add(new FieldError("FieldValueNotSupported", rulePath + "reason", null, "\"" + reason
          + "\": supported values: \"" + String.join("\", \"", CelRuleCompiler.REASONS) + "\""));
    }
    String fieldPath = Documents.text(rule, "fieldPath");
    if (fieldPath != null && !fieldPath.isEmpty()) {
      try {
        CelFieldPaths.normalize(fieldPath.trim(), schema);
      } catch (IllegalArgumentException e) {
        problems.add(FieldError.invalid(rulePath + "fieldPath", fieldPath, "fieldPath must be a valid path: "
            + e.getMessage()));
      }
    }
    return problems.size() == before;
  }

  /** Returns the rule with its {@code fieldPath} written as a field path (checked by {@link #checkRule}). */
  private static Map<?, ?> withFieldPath(Map<?, ?> rule, Map<?, ?> schema) {
    String fieldPath = Documents.text(rule, "fieldPath");
    if (fieldPath == null || fieldPath.isEmpty()) {
      return rule;
    }
    Map<Object, Object> copy = new LinkedHashMap<>(rule);
    copy.put("fieldPath", CelFieldPaths.normalize(fieldPath.trim(), schema));
    return copy;
  }

  /**
   * The rule as Go's {@code %#v} prints the API server's internal ValidationRule, the value of its
   * compilation errors; a pointer that is set prints as an address, which differs from one request to another there.
   */
  private static String goValue(Map<?, ?> rule) {
    return "apiextensions.ValidationRule{Rule:" + goString(rule.get("rule")) + ", Message:" + goString(rule.get("message"))
        + ", MessageExpression:" + goString(rule.get("messageExpression")) + ", Reason:"
        + goPointer("apiextensions.FieldValueErrorReason", rule.get("reason")) + ", FieldPath:"
        + goString(rule.get("fieldPath")) + ", OptionalOldSelf:" + goPointer("bool", rule.get("optionalOldSelf")) + "}";
  }

  private static String goString(Object value) {
    String text = value == null ? "" : String.valueOf(value);
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + "\"";
  }

  private static String goPointer(String type, Object value) {
    return "(*" + type + ")(" + (value == null ? "nil" : "0xc000010000") + ")";
  }

  /**
   * Returns the errors of {@code document}'s rules, with {@code old} the stored object on an update
   * (else null); the failures that ratchet are added to {@code warnings} as the API server words them.
   */
  List<FieldError> validate(Map<String, Object> document, Map<String, Object> old, List<String> warnings) {
    List<FieldError> errors = new ArrayList<>();
    validate(document, old, "", errors, warnings);
    return errors;
  }

  private void validate(Object value, Object old, String path, List<FieldError> errors, List<String> warnings) {
    if (value == null) {
      return;
    }
    if (!rules.isEmpty()) {
      Object self = CelValues.of(value, schema, resource);
      Object oldSelf = old == null ? null : CelValues.of(old, schema, resource);
      String type = Objects.requireNonNullElse(Documents.text(schema, "type"), "");
      for (CelRule rule : rules) {
        Optional<FieldError> failure = rule.evaluate(self, oldSelf, path, type);
        if (failure.isPresent() && !rule.transition() && old != null && JsonValues.equal(old, value)) {
          warnings.add(failure.get().toString());
        } else {
          failure.ifPresent(errors::add);
        }
      }
    }
    if (value instanceof Map<?, ?> map) {
      Map<?, ?> oldMap = old instanceof Map<?, ?> m ? m : Map.of();
      if (values != null) {
        map.forEach((key, child) -> values.validate(child, oldMap.get(key), path + "[" + key + "]", errors, warnings));
      }
      properties.forEach((name, validator) -> validator.validate(map.get(name), oldMap.get(name),
          path.isEmpty() ? name : path + "." + name, errors, warnings));
    } else if (value instanceof List<?> list && items != null) {
      for (int i = 0; i < list.size(); i++) {
        items.validate(list.get(i), oldItem(list.get(i), old), path + "[" + i + "]", errors, warnings);
      }
    }
  }

  /** The old item with the same keys as {@code item}, in a {@code map} list; null in other lists. */
  private Object oldItem(Object item, Object old) {
    SchemaNode node = SchemaNode.of(schema);
    if (node.listType() != SchemaNode.ListType.MAP || !(old instanceof List<?> oldList) || !(item instanceof Map<?, ?> map)) {
      return null;
    }
    for (Object candidate : oldList) {
      if (candidate instanceof Map<?, ?> oldMap
          && node.listKeys().stream().allMatch(key -> Objects.equals(oldMap.get(key), map.get(key)))) {
        return candidate;
      }
    }
    return null;
  }
}
