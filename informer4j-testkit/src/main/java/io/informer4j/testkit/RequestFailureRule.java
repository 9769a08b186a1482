package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.SourceException;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One line of the request-failure script: the next {@code count} requests of the given verbs (and
 * type, when set) fail with a fresh error from the supplier.
 *
 * <p>Not thread-safe: the {@link FaultInjector} guards its script.
 */
final class RequestFailureRule {

  private final Set<RecordedRequest.Verb> verbs;
  private final TypeKey type;
  private final Supplier<? extends SourceException> error;
  private int remaining;

  /** @param type the type the rule applies to; null for every type */
  RequestFailureRule(Set<RecordedRequest.Verb> verbs, TypeKey type, int count, Supplier<? extends SourceException> error) {
    this.verbs = Set.copyOf(verbs);
    this.type = type;
    this.remaining = count;
    this.error = error;
  }

  /** Returns true when the rule applies to {@code request}. */
  boolean appliesTo(RecordedRequest request) {
    return verbs.contains(request.verb()) && (type == null || type.equals(request.type()));
  }

  /** Returns the supplier of the error to fail with. */
  Supplier<? extends SourceException> error() {
    return error;
  }

  /** Uses one failure; returns true when the rule is used up. */
  boolean consumeOne() {
    return --remaining == 0;
  }
}
