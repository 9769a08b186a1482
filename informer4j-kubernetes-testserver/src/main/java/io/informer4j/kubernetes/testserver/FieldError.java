package io.informer4j.kubernetes.testserver;

/**
 * One validation error of a field, written as apimachinery's {@code field.Error} writes itself
 * (k8s.io/apimachinery/pkg/util/validation/field/errors.go): {@code <field>: <kind>[: "<value>"]: <detail>}.
 *
 * @param reason the cause's reason ({@code FieldValueInvalid}, {@code FieldValueRequired}, {@code FieldValueForbidden},
 *               {@code FieldValueNotSupported}, {@code FieldValueTooLong}, {@code FieldValueTooMany}, {@code FieldValueNotFound},
 *               {@code FieldValueDuplicate})
 * @param field  the field's path ({@code metadata.name})
 * @param value  the bad value, or null when the kind shows none
 * @param detail what is wrong
 */
record FieldError(String reason, String field, String value, String detail) {

  static FieldError invalid(String field, String value, String detail) {
    return new FieldError("FieldValueInvalid", field, value, detail);
  }

  static FieldError required(String field, String detail) {
    return new FieldError("FieldValueRequired", field, null, detail);
  }

  static FieldError forbidden(String field, String detail) {
    return new FieldError("FieldValueForbidden", field, null, detail);
  }

  /** Returns the error without its field: the message of a Status cause. */
  String body() {
    String kind = switch (reason) {
      case "FieldValueInvalid" -> "Invalid value";
      case "FieldValueRequired" -> "Required value";
      case "FieldValueNotSupported" -> "Unsupported value";
      case "FieldValueTooLong" -> "Too long";
      case "FieldValueTooMany" -> "Too many";
      case "FieldValueDuplicate" -> "Duplicate value";
      case "FieldValueNotFound" -> "Not found";
      default -> "Forbidden";
    };
    String shown = value == null ? kind : kind + ": \"" + value + "\"";
    return detail.isEmpty() ? shown : shown + ": " + detail;
  }

  @Override
  public String toString() {
    return field + ": " + body();
  }
}
