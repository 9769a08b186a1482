package io.informer4j.kubernetes;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.kubernetes.internal.ApiConnection;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.source.TypePresence;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * Discovery against a Kubernetes API server: whether a type is served, with its plural and scope,
 * read from the group-version's resource list ({@code /api/v1} or {@code /apis/{group}/{version}}),
 * and a watch of CustomResourceDefinitions that signals new types the moment their CRD is
 * established.
 *
 * <p>{@link #presence} has four outcomes: PRESENT (with the scope), ABSENT (the
 * group-version answers 404 or does not list the kind), FORBIDDEN (401/403) and UNKNOWN (anything
 * expected to pass: timeouts, 5xx, 429, refused connections). Every found descriptor is remembered
 * for {@link #knownScope}.
 *
 * <p>Thread-safe. {@link #close()} stops the CRD watches.
 */
public final class KubernetesTypeDiscovery implements AutoCloseable {

  private final ApiConnection connection;
  private final KubernetesBackend backend;
  private final Map<TypeKey, ResourceDescriptor> known = new ConcurrentHashMap<>();
  private final CopyOnWriteArrayList<CrdWatch> crdWatches = new CopyOnWriteArrayList<>();

  KubernetesTypeDiscovery(ApiConnection connection, KubernetesBackend backend) {
    this.connection = connection;
    this.backend = backend;
  }

  /** Checks whether {@code type} is served; one discovery request, never throws. */
  public TypePresence presence(TypeKey type) {
    try {
      return TypePresence.present(resolve(type).scope());
    } catch (TypeNotFoundException e) {
      return TypePresence.absent(e.getMessage());
    } catch (ForbiddenException e) {
      return TypePresence.forbidden(e.getMessage());
    } catch (SourceException e) {
      return e.statusCode() == 401 ? TypePresence.forbidden(e.getMessage()) : TypePresence.unknown(e.getMessage());
    } catch (RuntimeException e) {
      return TypePresence.unknown("discovery of " + type + " failed: " + e);
    }
  }

  /**
   * Returns the descriptor of a served type. Blocks for one request.
   *
   * @throws TypeNotFoundException if the type is not served
   * @throws SourceException       the mapped error if discovery failed
   */
  public ResourceDescriptor resolve(TypeKey type) {
    Objects.requireNonNull(type, "type");
    return lookup(type.group(), type.version(), resource -> type.kind().equals(resource.path("kind").asString("")),
        type.toString());
  }

  /**
   * Returns the descriptor of the served resource named {@code plural} in {@code group/version}.
   * Blocks for one request.
   *
   * @throws TypeNotFoundException if no such resource is served
   * @throws SourceException       the mapped error if discovery failed
   */
  public ResourceDescriptor resolvePlural(String group, String version, String plural) {
    Objects.requireNonNull(plural, "plural");
    return lookup(group, version, resource -> plural.equals(resource.path("name").asString("")),
        (group.isEmpty() ? "" : group + "/") + version + " " + plural);
  }

  /** Returns the scope of a type discovery has found, without a request; empty when never found. */
  public Optional<Scope> knownScope(TypeKey type) {
    return Optional.ofNullable(known.get(type)).map(ResourceDescriptor::scope);
  }

  /** Returns the descriptor of a type discovery has found, without a request. */
  public Optional<ResourceDescriptor> known(TypeKey type) {
    return Optional.ofNullable(known.get(type));
  }

  private ResourceDescriptor lookup(String group, String version, Predicate<JsonNode> matches, String what) {
    String path = group.isEmpty() ? "api/" + version : "apis/" + group + "/" + version;
    JsonNode list;
    try {
      list = connection.getJson(path, "discovery of " + what + " (" + path + ")");
    } catch (TypeNotFoundException e) {
      throw new TypeNotFoundException(what + " is not served: the server does not know " + path, e);
    }
    for (JsonNode resource : list.path("resources")) {
      String name = resource.path("name").asString("");
      if (!name.contains("/") && matches.test(resource)) {
        TypeKey type = TypeKey.of(group, version, resource.path("kind").asString(""));
        Scope scope = resource.path("namespaced").asBoolean(false) ? Scope.NAMESPACED : Scope.CLUSTER;
        ResourceDescriptor descriptor = new ResourceDescriptor(type, name, scope);
        known.put(type, descriptor);
        return descriptor;
      }
    }
    throw new TypeNotFoundException(what + " is not served: " + path + " does not list it");
  }

  /**
   * Watches CustomResourceDefinitions and calls {@code listener} with each served type of a CRD
   * that is (or becomes) established, including those existing when the watch starts. Needs
   * list/watch permission on {@code customresourcedefinitions}; without it (403) the watch logs one
   * WARN and ends, and no signal comes (the informers map's periodic check still finds new types).
   *
   * @param listener called from the informer's threads; must return quickly
   * @return a handle that stops this watch; it is also a {@link io.informer4j.source.FirstContact}
   *     telling how the watch's first list went
   */
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    return onTypeAdded(listener, null);
  }

  /**
   * As {@link #onTypeAdded(Consumer)}, on the threads of {@code runtime} (null: the watch's own
   * small runtime, closed with it).
   */
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener, InformerRuntime runtime) {
    CrdWatch watch = new CrdWatch(backend, listener, runtime, crdWatches::remove);
    crdWatches.add(watch);
    watch.start();
    return watch;
  }

  /** Stops every CRD watch started here. Idempotent. */
  @Override
  public void close() {
    for (CrdWatch watch : List.copyOf(crdWatches)) {
      watch.close();
    }
  }
}
