package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.ListerWatcher;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/** Informer helpers for the tests: a fast backoff, and the cache as key → resourceVersion. */
final class Informers {

  static final BackoffPolicy FAST = new BackoffPolicy(Duration.ofMillis(5), Duration.ofMillis(100), 2.0, 0.5, Duration.ofSeconds(5));

  private Informers() {
  }

  /** Starts configuring an informer of {@code source}, reading objects as {@code type} does, with a fast backoff. */
  static <T extends HasMetadata> SharedIndexInformer.Builder<T> builder(ListerWatcher<T> source, ObjectType<T> type) {
    return SharedIndexInformer.builder(source, type.adapter()).backoff(FAST);
  }

  /** Starts configuring an informer of {@code type} from {@code backend}, with a fast backoff. */
  static <T extends HasMetadata> SharedIndexInformer.Builder<T> builder(KubernetesBackend backend, ObjectType<T> type) {
    return builder(backend.listerWatcher(type), type);
  }

  /** Returns a new source of typed ConfigMaps from {@code backend}. */
  static ListerWatcher<ConfigMap> configMapSource(KubernetesBackend backend) {
    return backend.listerWatcher(backend.type(ConfigMap.class));
  }

  /** Starts configuring an informer of typed ConfigMaps from {@code backend}, with a fast backoff. */
  static SharedIndexInformer.Builder<ConfigMap> configMaps(KubernetesBackend backend) {
    return builder(backend, backend.type(ConfigMap.class));
  }

  /** Returns the cache as {@code ns/name → resourceVersion}, sorted. */
  static Map<String, String> versions(SharedIndexInformer<? extends HasMetadata> informer) {
    Map<String, String> versions = new TreeMap<>();
    informer.indexer().list().forEach(object -> versions.put(
        object.getMetadata().getNamespace() + "/" + object.getMetadata().getName(), object.getMetadata().getResourceVersion()));
    return versions;
  }
}
