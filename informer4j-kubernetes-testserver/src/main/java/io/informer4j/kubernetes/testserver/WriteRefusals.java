package io.informer4j.kubernetes.testserver;

import io.informer4j.testkit.WriteRejectedException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The API server's answers to writes it refuses for the object's state, with its messages and
 * Status details ({@code details.kind} is the resource, as the generic store names it): 404
 * NotFound, 409 AlreadyExists and 409 Conflict. Stateless.
 */
final class WriteRefusals {

  private WriteRefusals() {
  }

  /** Returns the resource as the API server names it in messages: {@code configmaps}, {@code widgets.example.com}. */
  static String qualified(ResourceType type) {
    return type.type().group().isEmpty() ? type.plural() : type.plural() + "." + type.type().group();
  }

  static RejectedRequest notFound(ResourceType type, String name) {
    return new RejectedRequest(failure(type, name, 404, "NotFound", qualified(type) + " \"" + name + "\" not found"));
  }

  /** The optimistic-concurrency conflict: the resourceVersion written is not the stored one. */
  static RejectedRequest conflict(ResourceType type, String name) {
    return conflict(type, name, "the object has been modified; please apply your changes to the latest version and try again");
  }

  /** A 409 Conflict saying why: {@code Operation cannot be fulfilled on <resource> "<name>": <why>}. */
  static RejectedRequest conflict(ResourceType type, String name, String why) {
    return new RejectedRequest(failure(type, name, 409, "Conflict", "Operation cannot be fulfilled on " + qualified(type)
        + " \"" + name + "\": " + why));
  }

  /** Returns the answer to a write the simulated API rejected. */
  static RejectedRequest rejected(ResourceType type, String name, WriteRejectedException e) {
    return switch (e.reason()) {
      case ALREADY_EXISTS -> new RejectedRequest(failure(type, name, 409, "AlreadyExists",
          qualified(type) + " \"" + name + "\" already exists"));
      case NOT_FOUND -> notFound(type, name);
      case CONFLICT -> conflict(type, name);
    };
  }

  private static Statuses.Failure failure(ResourceType type, String name, int code, String reason, String message) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("name", name);
    if (!type.type().group().isEmpty()) {
      details.put("group", type.type().group());
    }
    details.put("kind", type.plural());
    return new Statuses.Failure(code, Statuses.status(code, reason, message, details), null);
  }
}
