package io.informer4j.kubernetes.testserver;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The validation of Events, in their core form ({@link EventVersions#core}), as
 * kubernetes/pkg/apis/core/validation/events.go does it: every write passes the legacy checks
 * (legacyValidateEvent: the namespaces of the Event and of {@code involvedObject} agree; an Event
 * with an {@code eventTime} has a {@code reportingController} that is a qualified name, a
 * {@code reportingInstance}, an {@code action} and a {@code reason} within 128 characters and a
 * message within 1024); a create through {@code events.k8s.io/v1} (ValidateEventCreate) also needs an
 * {@code eventTime}, a {@code type} of Normal or Warning, no deprecated fields and a valid
 * {@code series}; an update through it (ValidateEventUpdate) keeps every field but the series and
 * the metadata. Errors name the core fields, as the API server's do. Stateless.
 */
final class EventValidation {

  private static final int REPORTING_INSTANCE_LIMIT = 128;
  private static final int ACTION_LIMIT = 128;
  private static final int REASON_LIMIT = 128;
  private static final int NOTE_LIMIT = 1024;
  /** The fields ValidateEventUpdate keeps, in its order ({@code reason} is checked twice there). */
  private static final List<String> IMMUTABLE = List.of("involvedObject", "reason", "message", "source",
      "firstTimestamp", "lastTimestamp", "count", "reason", "type", "eventTime", "action", "related",
      "reportingComponent", "reportingInstance");
  private static final Map<String, String> PATHS = Map.of("reportingComponent", "reportingController");

  private EventValidation() {
  }

  /**
   * Returns the problems of {@code event} (core form) replacing {@code old} (core form, null on a
   * create); {@code strict} for a write through {@code events.k8s.io/v1}.
   */
  static List<FieldError> errors(Map<String, Object> old, Map<String, Object> event, boolean strict) {
    List<FieldError> errors = new ArrayList<>(legacy(event));
    if (!strict) {
      return errors;
    }
    if (old == null) {
      errors.addAll(series(event));
      if (!isSet(event.get("eventTime"))) {
        errors.add(FieldError.required("eventTime", ""));
      }
      String type = Documents.text(event, "type");
      if (!"Normal".equals(type) && !"Warning".equals(type)) {
        errors.add(FieldError.invalid("type", "", "has invalid value: " + (type == null ? "" : type)));
      }
      for (String deprecated : List.of("firstTimestamp", "lastTimestamp", "count")) {
        if (isSet(event.get(deprecated))) {
          errors.add(FieldError.invalid(deprecated, "", "needs to be unset"));
        }
      }
      Map<String, Object> source = Documents.childOrEmpty(event, "source");
      if (isSet(source.get("component")) || isSet(source.get("host"))) {
        errors.add(FieldError.invalid("source", "", "needs to be unset"));
      }
      return errors;
    }
    if (!Objects.equals(old.get("series"), event.get("series"))) {
      errors.addAll(series(event));
    }
    for (String field : IMMUTABLE) {
      if (!Objects.equals(normal(old.get(field)), normal(event.get(field)))) {
        errors.add(FieldError.invalid(PATHS.getOrDefault(field, field), shown(event.get(field)), "field is immutable"));
      }
    }
    return errors;
  }

  /** legacyValidateEvent. */
  private static List<FieldError> legacy(Map<String, Object> event) {
    List<FieldError> errors = new ArrayList<>();
    String namespace = text(Documents.childOrEmpty(event, "metadata"), "namespace");
    String involved = text(Documents.childOrEmpty(event, "involvedObject"), "namespace");
    if (!isSet(event.get("eventTime"))) {
      boolean agree = involved.isEmpty() ? namespace.isEmpty() || "default".equals(namespace) : involved.equals(namespace);
      if (!agree) {
        errors.add(FieldError.invalid("involvedObject.namespace", involved, "does not match event.namespace"));
      }
      return errors;
    }
    if (involved.isEmpty() && !"default".equals(namespace) && !"kube-system".equals(namespace)) {
      errors.add(FieldError.invalid("involvedObject.namespace", involved, "does not match event.namespace"));
    }
    String controller = text(event, "reportingComponent");
    if (controller.isEmpty()) {
      errors.add(FieldError.required("reportingController", ""));
    }
    QualifiedNames.keyErrors(controller).forEach(problem ->
        errors.add(FieldError.invalid("reportingController", controller, problem)));
    requiredWithin(event, "reportingInstance", REPORTING_INSTANCE_LIMIT, true, errors);
    requiredWithin(event, "action", ACTION_LIMIT, true, errors);
    requiredWithin(event, "reason", REASON_LIMIT, true, errors);
    requiredWithin(event, "message", NOTE_LIMIT, false, errors);
    return errors;
  }

  /** validateV1EventSeries. */
  private static List<FieldError> series(Map<String, Object> event) {
    List<FieldError> errors = new ArrayList<>();
    if (!(event.get("series") instanceof Map<?, ?> series)) {
      return errors;
    }
    if (!(series.get("count") instanceof Number count) || count.longValue() < 2) {
      errors.add(FieldError.invalid("series.count", "", "should be at least 2"));
    }
    if (!isSet(series.get("lastObservedTime"))) {
      errors.add(FieldError.required("series.lastObservedTime", ""));
    }
    return errors;
  }

  private static void requiredWithin(Map<String, Object> event, String field, int limit, boolean required,
                                     List<FieldError> errors) {
    String value = text(event, field);
    if (required && value.isEmpty()) {
      errors.add(FieldError.required(field, ""));
    }
    if (value.getBytes(StandardCharsets.UTF_8).length > limit) {
      errors.add(FieldError.invalid(field, "", "can have at most " + limit + " characters"));
    }
  }

  /** True for a value other than the Go zero value (absent, null, empty string, 0). */
  private static boolean isSet(Object value) {
    return value != null && !"".equals(value) && !(value instanceof Number number && number.longValue() == 0);
  }

  /** The value as the Go struct holds it: absent, null and zero values are one. */
  private static Object normal(Object value) {
    if (value instanceof Map<?, ?> map) {
      return map.isEmpty() ? null : value;
    }
    return isSet(value) ? value : null;
  }

  private static String shown(Object value) {
    if (value == null) {
      return "";
    }
    return value instanceof Map<?, ?> || value instanceof List<?>
        ? new String(HttpBodies.json(value), StandardCharsets.UTF_8) : String.valueOf(value);
  }

  private static String text(Map<?, ?> map, String field) {
    return map.get(field) instanceof String text ? text : "";
  }
}
