package io.informer4j.spring;

import io.informer4j.controller.Reconciler;
import io.informer4j.manager.ControllerBuilder;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A controller declared as a Spring bean: every bean of this type becomes a controller of the
 * application's {@link io.informer4j.manager.Manager}, built through
 * {@link io.informer4j.manager.Manager#controller(String, ObjectType)} when the context starts.
 * The starter applies the {@code informer4j.workers} and {@code informer4j.controllers.<name>.*}
 * settings first, then {@link #configure} (watches, predicates, key filters), then registers
 * {@link #reconcile}.
 *
 * <pre>{@code
 * @Bean
 * ControllerDefinition<ConfigMap> flags(KubernetesBackend kubernetes, Manager manager) {
 *   ObjectType<ConfigMap> configMaps = kubernetes.type(ConfigMap.class);
 *   CacheReader<ConfigMap> cache = manager.cache().reader(configMaps);
 *   return ControllerDefinition.of("flags", configMaps, key -> { ...; return Result.done(); });
 * }
 * }</pre>
 *
 * <p>The reconcile contract is {@link Reconciler}'s: called from the controller's workers,
 * concurrently for different keys, so thread-safe across keys.
 *
 * @param <T> the primary type's objects
 */
public interface ControllerDefinition<T> extends Reconciler<ObjectKey> {

  /** Returns the controller's name: unique in the manager, a metrics identity, the key of its properties. */
  String name();

  /** Returns the type the controller reconciles. */
  ObjectType<T> primary();

  /**
   * Adds what the properties do not set (watched types, predicates, key filters) to {@code builder}
   * and returns it; the default adds nothing. Called once, before the manager starts.
   */
  default ControllerBuilder<T> configure(ControllerBuilder<T> builder) {
    return builder;
  }

  /** Returns a definition of controller {@code name} that reconciles {@code primary} with {@code reconciler}. */
  static <T> ControllerDefinition<T> of(String name, ObjectType<T> primary, Reconciler<ObjectKey> reconciler) {
    return of(name, primary, UnaryOperator.identity(), reconciler);
  }

  /**
   * Returns a definition of controller {@code name} that reconciles {@code primary} with
   * {@code reconciler}, its builder completed by {@code configure}.
   */
  static <T> ControllerDefinition<T> of(String name, ObjectType<T> primary, UnaryOperator<ControllerBuilder<T>> configure,
                                        Reconciler<ObjectKey> reconciler) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(primary, "primary");
    Objects.requireNonNull(configure, "configure");
    Objects.requireNonNull(reconciler, "reconciler");
    return new ControllerDefinition<>() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public ObjectType<T> primary() {
        return primary;
      }

      @Override
      public ControllerBuilder<T> configure(ControllerBuilder<T> builder) {
        return configure.apply(builder);
      }

      @Override
      public io.informer4j.controller.Result reconcile(ObjectKey key) throws Exception {
        return reconciler.reconcile(key);
      }

      @Override
      public String toString() {
        return "controller '" + name + "' of " + primary;
      }
    };
  }
}
