package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The query parameters and apply bodies of writes, read and checked as the API server does: the
 * options are validated as {@code ValidateCreateOptions}, {@code ValidateUpdateOptions} and
 * {@code ValidatePatchOptions} validate them (k8s.io/apimachinery pkg/apis/meta/v1/validation: a
 * {@code fieldManager} of at most 128 printable characters, required for apply; {@code force} only
 * for apply; {@code fieldValidation} Ignore, Warn or Strict), refused with 422 Invalid on
 * {@code <Kind>Options.meta.k8s.io}; a write's field manager is its {@code fieldManager}, else the
 * User-Agent up to its first {@code /} (the API server's {@code managerOrUserAgent}); an apply body
 * {@code dryRun} is {@code All} or absent;
 * an apply body is YAML or JSON (JSON is YAML) holding one object (k8s.io/apiserver handlers/patch.go: 400 when it
 * does not parse or is not an object). Stateless.
 */
final class WriteParameters {

  /** The content type of server-side apply. */
  static final String APPLY_PATCH = "application/apply-patch+yaml";

  private static final int FIELD_MANAGER_MAX_LENGTH = 128;
  private static final List<String> FIELD_VALIDATIONS = List.of("", "Ignore", "Strict", "Warn");
  private static final YAMLMapper YAML = YAMLMapper.builder().build();

  private WriteParameters() {
  }

  /**
   * Returns the options of a create ({@code CreateOptions}), update ({@code UpdateOptions}) or
   * non-apply patch ({@code PatchOptions}).
   *
   * @throws RejectedRequest 422 when the options are invalid
   */
  static ObjectWrites.WriteOptions write(MultiMap params, String userAgent, String optionsKind) {
    List<FieldError> errors = new ArrayList<>();
    if (optionsKind.equals("PatchOptions") && params.contains("force")) {
      errors.add(FieldError.forbidden("force", "may not be specified for non-apply patch"));
    }
    String manager = checkCommon(params, errors);
    refuse(optionsKind, errors);
    String validation = params.get("fieldValidation");
    return new ObjectWrites.WriteOptions(validation == null || validation.isEmpty() ? "Warn" : validation,
        manager.isEmpty() ? managerOf(userAgent) : manager, isDryRun(params));
  }

  /**
   * Returns the options of an apply patch.
   *
   * @throws RejectedRequest 422 when the options are invalid (no {@code fieldManager} among them)
   */
  static ObjectWrites.ApplyOptions apply(MultiMap params) {
    List<FieldError> errors = new ArrayList<>();
    String manager = params.get("fieldManager") == null ? "" : params.get("fieldManager");
    if (manager.isEmpty()) {
      errors.add(FieldError.required("fieldManager", "is required for apply patch"));
    }
    checkCommon(params, errors);
    refuse("PatchOptions", errors);
    return new ObjectWrites.ApplyOptions(manager, "true".equalsIgnoreCase(params.get("force")), isDryRun(params));
  }

  /**
   * Reads an apply body: a YAML (or JSON) object; an empty body is an empty object.
   *
   * @throws RejectedRequest 400 when it does not parse or holds something else than an object
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> applyBody(Buffer body) {
    Object value;
    try {
      value = body.length() == 0 ? Map.of() : YAML.readValue(body.getBytes(), Object.class);
    } catch (JacksonException e) {
      throw new RejectedRequest(Statuses.badRequest("error encoding patch: " + e.getOriginalMessage()));
    }
    if (value == null) {
      return new java.util.LinkedHashMap<>();
    }
    if (!(value instanceof Map<?, ?>)) {
      String found = value instanceof List<?> ? "array" : value instanceof String ? "string"
          : value instanceof Boolean ? "bool" : "number";
      throw new RejectedRequest(Statuses.badRequest("error decoding patch: json: cannot unmarshal " + found
          + " into Go value of type map[string]interface {}"));
    }
    return Documents.copy((Map<String, Object>) value);
  }

  /**
   * Returns the field manager the API server names a client by when it gives none: its User-Agent
   * up to the first {@code /}, printable characters only, at most 128 bytes; {@code unknown} when
   * that leaves nothing.
   */
  static String managerOf(String userAgent) {
    if (userAgent == null) {
      return "unknown";
    }
    String prefix = userAgent.split("/", 2)[0];
    StringBuilder manager = new StringBuilder();
    prefix.codePoints().filter(WriteParameters::printable).forEach(c -> {
      if (manager.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length
          + new String(Character.toChars(c)).getBytes(java.nio.charset.StandardCharsets.UTF_8).length
          <= FIELD_MANAGER_MAX_LENGTH) {
        manager.appendCodePoint(c);
      }
    });
    return manager.length() == 0 ? "unknown" : manager.toString();
  }

  private static String checkCommon(MultiMap params, List<FieldError> errors) {
    String manager = params.get("fieldManager") == null ? "" : params.get("fieldManager");
    if (manager.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > FIELD_MANAGER_MAX_LENGTH) {
      errors.add(new FieldError("FieldValueTooLong", "fieldManager", null,
          "must have at most " + FIELD_MANAGER_MAX_LENGTH + " bytes"));
    }
    int[] codePoints = manager.codePoints().toArray();
    for (int i = 0, at = 0; i < codePoints.length; at += Character.charCount(codePoints[i]), i++) {
      if (!printable(codePoints[i])) {
        errors.add(FieldError.invalid("fieldManager", manager, String.format("invalid character U+%04X (at position %d)",
            codePoints[i], at)));
      }
    }
    String validation = params.get("fieldValidation");
    if (validation != null && !FIELD_VALIDATIONS.contains(validation)) {
      errors.add(new FieldError("FieldValueNotSupported", "fieldValidation", validation,
          "supported values: \"\", \"Ignore\", \"Strict\", \"Warn\""));
    }
    errors.addAll(dryRunErrors(params.getAll("dryRun")));
    return manager;
  }

  /** Returns true for {@code dryRun=All} (the options must have been checked: {@link #dryRunErrors}). */
  static boolean isDryRun(MultiMap params) {
    return params.getAll("dryRun").contains("All");
  }

  /**
   * Returns the problems of a write's {@code dryRun} values (ValidateDryRun): each must be
   * {@code All}, given once.
   */
  static List<FieldError> dryRunErrors(List<String> values) {
    List<FieldError> errors = new ArrayList<>();
    for (String value : values) {
      if (!value.equals("All")) {
        errors.add(new FieldError("FieldValueNotSupported", "dryRun", value, "supported values: \"All\""));
      }
    }
    if (values.size() > 1 && errors.isEmpty()) {
      errors.add(FieldError.invalid("dryRun", String.join(",", values), "duplicate values are not allowed"));
    }
    return errors;
  }

  private static void refuse(String optionsKind, List<FieldError> errors) {
    if (!errors.isEmpty()) {
      throw new RejectedRequest(Statuses.invalid(TypeKey.of("meta.k8s.io", "v1", optionsKind), "", errors));
    }
  }

  /** Go's {@code unicode.IsPrint}: letters, marks, numbers, punctuation, symbols and the ASCII space. */
  private static boolean printable(int c) {
    if (c == ' ') {
      return true;
    }
    int type = Character.getType(c);
    return !Character.isWhitespace(c) && !Character.isISOControl(c) && type != Character.FORMAT
        && type != Character.UNASSIGNED && type != Character.PRIVATE_USE && type != Character.SURROGATE
        && type != Character.SPACE_SEPARATOR && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR;
  }
}
