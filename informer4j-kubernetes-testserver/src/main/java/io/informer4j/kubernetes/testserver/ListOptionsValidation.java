package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.List;

/**
 * What the API server does with a list or watch request's options before it reads storage, with
 * the WatchList feature gate of 1.32 (on by default): the defaults of
 * {@code SetListOptionsDefaults} (k8s.io/apimachinery pkg/apis/meta/internalversion/defaults.go) and
 * the checks of {@code ValidateListOptions} (pkg/apis/meta/internalversion/validation/validation.go),
 * whose errors the list handler answers with a 422 Invalid {@code ListOptions.meta.k8s.io}
 * (k8s.io/apiserver pkg/endpoints/handlers/get.go, ListResource). Stateless.
 */
final class ListOptionsValidation {

  private static final TypeKey LIST_OPTIONS = TypeKey.of("meta.k8s.io", "v1", "ListOptions");

  private ListOptionsValidation() {
  }

  /**
   * Defaults and checks {@code options} as a server with the WatchList feature gate
   * {@code watchListEnabled} does: with the gate on, a watch from {@code ""} or {@code "0"} that names
   * neither {@code sendInitialEvents} nor {@code resourceVersionMatch} becomes a watch with initial
   * events not older than its version.
   *
   * @throws RejectedRequest (422) with one cause per broken rule
   */
  static ListOptions defaultedAndValid(ListOptions options, boolean watchListEnabled) {
    ListOptions defaulted = defaulted(options, watchListEnabled);
    List<FieldError> errors = defaulted.watch() ? watchErrors(defaulted, watchListEnabled) : listErrors(defaulted);
    if (!errors.isEmpty()) {
      throw new RejectedRequest(Statuses.invalid(LIST_OPTIONS, "", errors));
    }
    return defaulted;
  }

  private static ListOptions defaulted(ListOptions options, boolean watchListEnabled) {
    if (!watchListEnabled || options.sendInitialEvents() != null || !options.resourceVersionMatch().isEmpty()) {
      return options;
    }
    boolean legacy = options.resourceVersion().isEmpty() || options.resourceVersion().equals("0");
    return options.watch() && legacy ? options.withInitialEvents(true, ListOptions.NOT_OLDER_THAN) : options;
  }

  private static List<FieldError> listErrors(ListOptions options) {
    List<FieldError> errors = new ArrayList<>();
    String match = options.resourceVersionMatch();
    if (!match.isEmpty()) {
      if (options.resourceVersion().isEmpty()) {
        errors.add(FieldError.forbidden("resourceVersionMatch",
            "resourceVersionMatch is forbidden unless resourceVersion is provided"));
      }
      if (!options.continueToken().isEmpty()) {
        errors.add(continueForbidden());
      }
      if (!match.equals(ListOptions.EXACT) && !match.equals(ListOptions.NOT_OLDER_THAN)) {
        errors.add(PodSpecValidation.notSupported("resourceVersionMatch", match,
            List.of(ListOptions.EXACT, ListOptions.NOT_OLDER_THAN, "")));
      }
      if (match.equals(ListOptions.EXACT) && options.resourceVersion().equals("0")) {
        errors.add(FieldError.forbidden("resourceVersionMatch",
            "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
      }
    }
    if (options.sendInitialEvents() != null) {
      errors.add(FieldError.forbidden("sendInitialEvents", "sendInitialEvents is forbidden for list"));
    }
    return errors;
  }

  private static List<FieldError> watchErrors(ListOptions options, boolean watchListEnabled) {
    List<FieldError> errors = new ArrayList<>();
    String match = options.resourceVersionMatch();
    if (options.sendInitialEvents() != null) {
      if (!match.equals(ListOptions.NOT_OLDER_THAN)) {
        errors.add(FieldError.forbidden("resourceVersionMatch",
            "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"));
      }
      if (!watchListEnabled) {
        errors.add(FieldError.forbidden("sendInitialEvents",
            "sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled"));
      }
    }
    if (!match.isEmpty()) {
      if (options.sendInitialEvents() == null) {
        errors.add(FieldError.forbidden("resourceVersionMatch",
            "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
      }
      if (!match.equals(ListOptions.NOT_OLDER_THAN)) {
        errors.add(PodSpecValidation.notSupported("resourceVersionMatch", match, List.of(ListOptions.NOT_OLDER_THAN)));
      }
      if (!options.continueToken().isEmpty()) {
        errors.add(continueForbidden());
      }
    }
    return errors;
  }

  private static FieldError continueForbidden() {
    return FieldError.forbidden("resourceVersionMatch", "resourceVersionMatch is forbidden when continue is provided");
  }
}
