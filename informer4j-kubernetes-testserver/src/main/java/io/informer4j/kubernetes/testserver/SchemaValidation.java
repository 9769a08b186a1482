package io.informer4j.kubernetes.testserver;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Validation of a custom resource by its CRD's structural schema, with the API server's messages
 * (the apiextensions-apiserver validates with kube-openapi's validator, k8s.io/kube-openapi/pkg/validation/validate,
 * and turns its errors into field errors in pkg/apiserver/validation/validation.go): {@code type}
 * ({@code x-kubernetes-int-or-string} takes an integer or a string, an untyped
 * {@code x-kubernetes-preserve-unknown-fields} node anything), {@code required}, {@code enum},
 * {@code minimum}/{@code maximum} (and their exclusive forms), {@code minLength}/{@code maxLength},
 * {@code pattern}, {@code format} ({@code date-time}, {@code date}, {@code uuid}, {@code int32},
 * {@code int64}) and {@code minItems}/{@code maxItems}. {@code apiVersion}, {@code kind} and
 * {@code metadata} at the root are left to the metadata rules. Stateless.
 */
final class SchemaValidation {

  private SchemaValidation() {
  }

  /** Returns the problems of {@code document} under {@code schema} (none when it is valid or the schema is null). */
  static List<FieldError> errors(Map<String, Object> document, Map<?, ?> schema) {
    List<FieldError> errors = new ArrayList<>();
    if (schema != null) {
      checkObject(document, schema, "", true, errors);
    }
    return errors;
  }

  private static void check(Object value, Map<?, ?> schema, String path, List<FieldError> errors) {
    String type = Documents.text(schema, "type");
    boolean intOrString = Boolean.TRUE.equals(schema.get("x-kubernetes-int-or-string"));
    if (value == null) {
      if (!Boolean.TRUE.equals(schema.get("nullable")) && (type != null || intOrString)) {
        errors.add(typeError(path, intOrString ? "integer-or-string" : type, "null"));
      }
      return;
    }
    String actual = typeOf(value);
    if (intOrString) {
      if (!actual.equals("integer") && !actual.equals("string")) {
        errors.add(typeError(path, "integer-or-string", actual));
        return;
      }
    } else if (type != null && !type.equals(actual) && !(type.equals("number") && actual.equals("integer"))) {
      errors.add(typeError(path, type, actual));
      return;
    }
    checkEnum(value, schema, path, errors);
    if (value instanceof Map<?, ?> map) {
      checkObject(map, schema, path, false, errors);
    } else if (value instanceof List<?> list) {
      checkArray(list, schema, path, errors);
    } else if (value instanceof String text) {
      checkString(text, schema, path, errors);
    } else if (value instanceof Number number) {
      checkNumber(number, schema, path, errors);
    }
  }

  private static void checkObject(Map<?, ?> object, Map<?, ?> schema, String path, boolean root, List<FieldError> errors) {
    Map<?, ?> properties = schema.get("properties") instanceof Map<?, ?> p ? p : Map.of();
    for (String required : Documents.strings(schema, "required")) {
      if (!object.containsKey(required) && !(root && "metadata".equals(required))) {
        errors.add(FieldError.required(join(path, required), ""));
      }
    }
    object.forEach((key, child) -> {
      String name = String.valueOf(key);
      if (root && (name.equals("apiVersion") || name.equals("kind") || name.equals("metadata"))) {
        return;
      }
      if (properties.get(name) instanceof Map<?, ?> declared) {
        check(child, declared, join(path, name), errors);
      } else if (schema.get("additionalProperties") instanceof Map<?, ?> values) {
        check(child, values, join(path, name), errors);
      }
    });
  }

  private static void checkArray(List<?> list, Map<?, ?> schema, String path, List<FieldError> errors) {
    if (schema.get("maxItems") instanceof Number max && list.size() > max.longValue()) {
      errors.add(new FieldError("FieldValueTooMany", path, null, list.size() + ": must have at most " + max.longValue()
          + " items"));
    }
    if (schema.get("minItems") instanceof Number min && list.size() < min.longValue()) {
      errors.add(invalid(path, list.size(), path + " in body should have at least " + min.longValue() + " items"));
    }
    if (schema.get("items") instanceof Map<?, ?> items) {
      for (int i = 0; i < list.size(); i++) {
        check(list.get(i), items, path + "[" + i + "]", errors);
      }
    }
  }

  private static void checkString(String text, Map<?, ?> schema, String path, List<FieldError> errors) {
    int length = text.codePointCount(0, text.length());
    if (schema.get("maxLength") instanceof Number max && length > max.longValue()) {
      errors.add(new FieldError("FieldValueTooLong", path, null, "may not be more than " + max.longValue() + " bytes"));
    }
    if (schema.get("minLength") instanceof Number min && length < min.longValue()) {
      errors.add(invalid(path, text, path + " in body should be at least " + min.longValue() + " chars long"));
    }
    String pattern = Documents.text(schema, "pattern");
    if (pattern != null && !matches(pattern, text)) {
      errors.add(invalid(path, text, path + " in body should match '" + pattern + "'"));
    }
    String format = Documents.text(schema, "format");
    if (format != null && !hasFormat(format, text)) {
      errors.add(invalid(path, text, path + " in body must be of type " + format + ": " + quote(text)));
    }
  }

  private static void checkNumber(Number number, Map<?, ?> schema, String path, List<FieldError> errors) {
    BigDecimal value = new BigDecimal(number.toString());
    if (schema.get("minimum") instanceof Number min) {
      boolean exclusive = Boolean.TRUE.equals(schema.get("exclusiveMinimum"));
      int compared = value.compareTo(new BigDecimal(min.toString()));
      if (exclusive ? compared <= 0 : compared < 0) {
        errors.add(invalid(path, number, path + " in body should be greater than " + (exclusive ? "" : "or equal to ")
            + render(min)));
      }
    }
    if (schema.get("maximum") instanceof Number max) {
      boolean exclusive = Boolean.TRUE.equals(schema.get("exclusiveMaximum"));
      int compared = value.compareTo(new BigDecimal(max.toString()));
      if (exclusive ? compared >= 0 : compared > 0) {
        errors.add(invalid(path, number, path + " in body should be less than " + (exclusive ? "" : "or equal to ")
            + render(max)));
      }
    }
    String format = Documents.text(schema, "format");
    if (("int32".equals(format) || "int64".equals(format)) && typeOf(number).equals("integer")) {
      BigInteger integer = value.toBigInteger();
      long bits = "int32".equals(format) ? 31 : 63;
      if (integer.abs().bitLength() > bits && !integer.equals(BigInteger.ONE.shiftLeft((int) bits).negate())) {
        errors.add(invalid(path, number, path + " in body must be of type " + format + ": " + quote(render(number))));
      }
    }
  }

  private static void checkEnum(Object value, Map<?, ?> schema, String path, List<FieldError> errors) {
    if (schema.get("enum") instanceof List<?> allowed && allowed.stream().noneMatch(a -> JsonValues.equal(a, value))) {
      List<String> supported = allowed.stream().map(SchemaValidation::render).toList();
      errors.add(new FieldError("FieldValueNotSupported", path, null, render(value) + ": supported values: "
          + String.join(", ", supported)));
    }
  }

  private static boolean matches(String pattern, String text) {
    try {
      return Pattern.compile(pattern).matcher(text).find();
    } catch (PatternSyntaxException e) {
      return true;
    }
  }

  private static boolean hasFormat(String format, String text) {
    try {
      switch (format) {
        case "date-time" -> OffsetDateTime.parse(text);
        case "date" -> LocalDate.parse(text);
        case "uuid" -> UUID.fromString(text);
        default -> {
          return true;
        }
      }
      return true;
    } catch (DateTimeParseException | IllegalArgumentException e) {
      return false;
    }
  }

  /** kube-openapi's InvalidType error: the value is the name of the type found. */
  private static FieldError typeError(String path, String expected, String actual) {
    return invalid(path, actual, path + " in body must be of type " + expected + ": " + quote(actual));
  }

  /** field.Invalid with the value as Go prints it (strings quoted, numbers bare). */
  private static FieldError invalid(String path, Object value, String detail) {
    return new FieldError("FieldValueInvalid", path, null, render(value) + ": " + detail);
  }

  /** Returns the JSON type of a value as the OpenAPI validator names it. */
  static String typeOf(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Map<?, ?>) {
      return "object";
    }
    if (value instanceof List<?>) {
      return "array";
    }
    if (value instanceof Boolean) {
      return "boolean";
    }
    if (value instanceof Number number) {
      if (number instanceof Double || number instanceof Float || number instanceof BigDecimal) {
        BigDecimal decimal = new BigDecimal(number.toString());
        return decimal.stripTrailingZeros().scale() <= 0 ? "integer" : "number";
      }
      return "integer";
    }
    return "string";
  }

  private static String render(Object value) {
    if (value instanceof String text) {
      return quote(text);
    }
    if (value instanceof Double || value instanceof Float) {
      BigDecimal decimal = new BigDecimal(value.toString()).stripTrailingZeros();
      return decimal.scale() <= 0 ? decimal.toBigInteger().toString() : decimal.toPlainString();
    }
    return String.valueOf(value);
  }

  private static String quote(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }
}
