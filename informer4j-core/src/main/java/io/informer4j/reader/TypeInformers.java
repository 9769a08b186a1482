package io.informer4j.reader;

import io.informer4j.informer.EventHandler;
import io.informer4j.informer.HandlerOptions;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The informers behind one type (in one representation) of an {@link InformerCache}: one per
 * namespace the type is cached in; exactly one, under {@code ""}, for an all-namespaces cache and for
 * cluster-scoped types. Immutable; thread-safe.
 *
 * @param <T> the object type
 */
public final class TypeInformers<T> {

  private final TypeKey type;
  private final Map<String, MapEntry<T>> byNamespace;

  /** @param entries the entries, in namespace order */
  TypeInformers(TypeKey type, List<MapEntry<T>> entries) {
    this.type = type;
    Map<String, MapEntry<T>> map = new LinkedHashMap<>();
    entries.forEach(entry -> map.put(entry.namespace(), entry));
    this.byNamespace = Collections.unmodifiableMap(map);
  }

  /** Returns the type. */
  public TypeKey type() {
    return type;
  }

  /** Returns the entries by namespace ({@code ""} for all namespaces), in namespace order. */
  public Map<String, MapEntry<T>> entries() {
    return byNamespace;
  }

  /** Returns the informers by namespace, in namespace order. */
  public Map<String, SharedIndexInformer<T>> informers() {
    Map<String, SharedIndexInformer<T>> informers = new LinkedHashMap<>();
    byNamespace.forEach((namespace, entry) -> informers.put(namespace, entry.informer()));
    return Collections.unmodifiableMap(informers);
  }

  /**
   * Adds {@code handler} to every informer, so it hears about the type in all its namespaces.
   *
   * @return one registration per informer, in namespace order
   * @throws IllegalStateException if an informer has stopped
   */
  public List<HandlerRegistration> addEventHandler(EventHandler<T> handler, HandlerOptions options) {
    List<HandlerRegistration> registrations = new ArrayList<>();
    for (MapEntry<T> entry : byNamespace.values()) {
      registrations.add(entry.informer().addEventHandler(handler, options));
    }
    return registrations;
  }

  /** Returns true when every informer has synced. */
  public boolean hasSynced() {
    return byNamespace.values().stream().allMatch(entry -> entry.informer().hasSynced());
  }
}
