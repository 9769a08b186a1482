package io.informer4j.factory;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import io.informer4j.source.TypeNotFoundException;

/**
 * Asks whether a type is served: through the {@link TypeDiscovery} when the factory has one,
 * otherwise by listing at most one object of the type's own selection (so a namespace-scoped
 * informer's source is never asked about other namespaces). Stateless and thread-safe; blocks for
 * one request.
 */
final class PresenceCheck {

  private final TypeDiscovery discovery;

  /** @param discovery the discovery to ask, or null to probe the source */
  PresenceCheck(TypeDiscovery discovery) {
    this.discovery = discovery;
  }

  TypePresence check(TypeKey type, ListerWatcher<?> source, Selection selection) {
    if (discovery != null) {
      try {
        return discovery.presence(type);
      } catch (RuntimeException e) {
        return TypePresence.unknown("discovery failed: " + e);
      }
    }
    return probe(source, selection);
  }

  private static <T> TypePresence probe(ListerWatcher<T> source, Selection selection) {
    ListSink<T> ignore = item -> { };
    try {
      source.list(ListRequest.of(selection, "").withLimit(1), ignore);
      return TypePresence.present(null);
    } catch (TypeNotFoundException e) {
      return TypePresence.absent(e.getMessage());
    } catch (ForbiddenException e) {
      return TypePresence.forbidden(e.getMessage());
    } catch (SourceException e) {
      return TypePresence.unknown(e.getMessage());
    } catch (RuntimeException e) {
      return TypePresence.unknown("probe failed: " + e);
    }
  }
}
