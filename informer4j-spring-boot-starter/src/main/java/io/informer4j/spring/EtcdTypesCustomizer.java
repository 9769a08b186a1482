package io.informer4j.spring;

import io.informer4j.etcd.EtcdTypes;

/**
 * Adds stored types to the etcd backend's catalog: every bean of this type is applied, in order, to
 * the {@link EtcdTypes.Builder} of the auto-configured etcd backend.
 *
 * <pre>{@code
 * @Bean
 * EtcdTypesCustomizer widgets() {
 *   return types -> types.json(WIDGETS, KeyLayout.namespaced("/widgets/"), Widget.class);
 * }
 * }</pre>
 */
@FunctionalInterface
public interface EtcdTypesCustomizer {

  /** Adds types to {@code types}; throws what the builder throws for a type added twice or an overlapping prefix. */
  void customize(EtcdTypes.Builder types);
}
