package io.informer4j.kubernetes.testserver;

import dev.cel.common.CelErrorCode;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.Program;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One compiled {@code x-kubernetes-validations} rule, evaluated as the apiextensions-apiserver
 * evaluates it (pkg/apiserver/schema/cel/validation.go, validateExpressions): a transition rule
 * (one naming {@code oldSelf}) only where there is an old value, unless {@code optionalOldSelf}
 * makes {@code oldSelf} an optional; a rule that is false gives the error its {@code reason}
 * names ({@code FieldValueInvalid} by default; {@code FieldValueForbidden},
 * {@code FieldValueRequired}, {@code FieldValueDuplicate}) at the node's path plus its
 * {@code fieldPath}, with the value shown as the schema's type ({@code "integer"}) and the detail
 * from {@code messageExpression}, else {@code message}, else {@code failed rule: <rule>}; a rule that
 * fails to evaluate gives an Invalid error at the node ({@code no such key: x evaluating rule: …}).
 * Thread-safe.
 *
 * @param rule             the rule's expression, trimmed
 * @param message          the rule's {@code message}, or null
 * @param program          the rule
 * @param messageProgram   the rule's {@code messageExpression}, or null
 * @param transition       whether the rule names {@code oldSelf}
 * @param optionalOldSelf  whether {@code oldSelf} is an optional
 * @param reason           the reason of the rule's errors
 * @param fieldPath        the rule's {@code fieldPath} as a field path ({@code spec.replicas}), or null
 */
record CelRule(String rule, String message, Program program, Program messageProgram, boolean transition,
               boolean optionalOldSelf, String reason, String fieldPath) {

  private static final Pattern LOCATION = Pattern.compile("^evaluation error(?: at [^:]*:\\d+)?: ");
  private static final Pattern MISSING_KEY = Pattern.compile("key '(.*)' is not present in map\\.?");
  private static final int MAX_MESSAGE_BYTES = 5 * 1024;

  /**
   * Evaluates the rule on {@code self} (a CEL value) with {@code oldSelf} (a CEL value, or null
   * where there is no old value); returns its error, or empty when it holds or does not apply.
   *
   * @param path the node's field path ({@code spec.replicas}; empty for the root)
   * @param type the node's schema type, shown as the error's value
   */
  Optional<FieldError> evaluate(Object self, Object oldSelf, String path, String type) {
    if (transition && oldSelf == null && !optionalOldSelf) {
      return Optional.empty();
    }
    Map<String, Object> variables = new HashMap<>();
    variables.put("self", self);
    if (transition) {
      variables.put("oldSelf", optionalOldSelf ? Optional.ofNullable(oldSelf) : oldSelf);
    }
    Object result;
    try {
      result = program.eval(variables);
    } catch (CelEvaluationException | RuntimeException e) {
      return Optional.of(FieldError.invalid(field(path), type, runtimeError(e)));
    }
    if (Boolean.TRUE.equals(result)) {
      return Optional.empty();
    }
    String at = fieldPath == null || fieldPath.isEmpty() ? field(path) : path.isEmpty() ? fieldPath : path + "." + fieldPath;
    String detail = message(self, oldSelf).orElseGet(() -> message == null || message.isBlank()
        ? "failed rule: " + errorText() : message.trim());
    return Optional.of(switch (reason) {
      case "FieldValueForbidden" -> FieldError.forbidden(at, detail);
      case "FieldValueRequired" -> FieldError.required(at, detail);
      case "FieldValueDuplicate" -> new FieldError("FieldValueDuplicate", at, type, "");
      default -> FieldError.invalid(at, type, detail);
    });
  }

  /** The messageExpression's message; empty when there is none or it fails (the API server then uses the message). */
  private Optional<String> message(Object self, Object oldSelf) {
    if (messageProgram == null) {
      return Optional.empty();
    }
    Map<String, Object> variables = new HashMap<>();
    variables.put("self", self);
    if (oldSelf != null) {
      variables.put("oldSelf", oldSelf);
    }
    try {
      if (messageProgram.eval(variables) instanceof String text) {
        String trimmed = text.trim();
        boolean usable = !trimmed.isEmpty() && trimmed.indexOf('\n') < 0 && trimmed.length() <= MAX_MESSAGE_BYTES;
        return usable ? Optional.of(trimmed) : Optional.empty();
      }
    } catch (CelEvaluationException | RuntimeException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  private String runtimeError(Exception e) {
    if (e instanceof CelEvaluationException evaluation && evaluation.getErrorCode() == CelErrorCode.OVERLOAD_NOT_FOUND) {
      return "'no such overload': call arguments did not match a supported operator, function or macro signature "
          + "for rule: " + errorText();
    }
    return goError(e) + " evaluating rule: " + errorText();
  }

  /** The error as CEL for Go words it where the words differ ({@code no such key: x}, {@code division by zero}). */
  private static String goError(Exception e) {
    String text = LOCATION.matcher(String.valueOf(e.getMessage())).replaceFirst("");
    if (e instanceof CelEvaluationException evaluation) {
      CelErrorCode code = evaluation.getErrorCode();
      Matcher missing = MISSING_KEY.matcher(text);
      if (code == CelErrorCode.ATTRIBUTE_NOT_FOUND && missing.matches()) {
        return "no such key: " + missing.group(1);
      }
      if (code == CelErrorCode.DIVIDE_BY_ZERO) {
        return "division by zero";
      }
      if (code == CelErrorCode.NUMERIC_OVERFLOW) {
        return "integer overflow";
      }
    }
    return text;
  }

  /** The rule as errors name it: its message, else its expression (ruleErrorString). */
  private String errorText() {
    return message == null || message.isBlank() ? rule : message.trim();
  }

  /** A node's path as apimachinery writes it: the root, a nil path, is {@code <nil>}. */
  private static String field(String path) {
    return path.isEmpty() ? "<nil>" : path;
  }
}
