package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionCondition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionSpec;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An informer on CustomResourceDefinitions that reports every served type of a CRD once the CRD is
 * established (condition {@code Established=True}): at its first sight, and later when an update
 * establishes it or serves new versions. Thread-safe; {@link #close} is idempotent.
 */
final class CrdWatch {

  private static final Logger log = LoggerFactory.getLogger(CrdWatch.class);
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final Consumer<TypeKey> listener;
  private final InformerRuntime ownRuntime;
  private final SharedIndexInformer<CustomResourceDefinition> informer;

  CrdWatch(KubernetesBackend backend, Consumer<TypeKey> listener, InformerRuntime runtime) {
    this.listener = listener;
    this.ownRuntime = runtime == null
        ? InformerRuntime.builder("crd-watch").ioThreads(1).dispatchThreads(1).build()
        : null;
    ObjectType<CustomResourceDefinition> crds = backend.type(CustomResourceDefinition.class);
    this.informer = SharedIndexInformer.builder(backend.listerWatcher(crds), crds.adapter())
        .name("customresourcedefinitions")
        .transform(KubernetesTransforms.stripManagedFields())
        .runtime(runtime != null ? runtime : ownRuntime)
        .build();
    informer.addEventHandler(new EventHandler<>() {
      @Override
      public void onAdd(CustomResourceDefinition crd, boolean inInitialList) {
        announce(Set.of(), servedTypes(crd));
      }

      @Override
      public void onUpdate(CustomResourceDefinition before, CustomResourceDefinition after) {
        announce(servedTypes(before), servedTypes(after));
      }
    });
  }

  void start() {
    informer.start();
  }

  void close() {
    informer.stop();
    if (ownRuntime != null) {
      try {
        ownRuntime.stop(CLOSE_WAIT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void announce(Set<TypeKey> before, Set<TypeKey> after) {
    for (TypeKey type : after) {
      if (!before.contains(type)) {
        try {
          listener.accept(type);
        } catch (RuntimeException e) {
          log.warn("the listener of new types threw for {}", type, e);
        }
      }
    }
  }

  /** Returns the types an established CRD serves; none while it is not established. */
  static Set<TypeKey> servedTypes(CustomResourceDefinition crd) {
    CustomResourceDefinitionSpec spec = crd.getSpec();
    if (spec == null || spec.getNames() == null || spec.getVersions() == null || !isEstablished(crd)) {
      return Set.of();
    }
    Set<TypeKey> types = new LinkedHashSet<>();
    for (CustomResourceDefinitionVersion version : spec.getVersions()) {
      if (Boolean.TRUE.equals(version.getServed()) && spec.getGroup() != null && version.getName() != null
          && spec.getNames().getKind() != null) {
        types.add(TypeKey.of(spec.getGroup(), version.getName(), spec.getNames().getKind()));
      }
    }
    return types;
  }

  private static boolean isEstablished(CustomResourceDefinition crd) {
    if (crd.getStatus() == null || crd.getStatus().getConditions() == null) {
      return false;
    }
    for (CustomResourceDefinitionCondition condition : crd.getStatus().getConditions()) {
      if ("Established".equals(condition.getType()) && "True".equals(condition.getStatus())) {
        return true;
      }
    }
    return false;
  }
}
