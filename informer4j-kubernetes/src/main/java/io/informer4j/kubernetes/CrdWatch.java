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
import io.informer4j.source.FirstContact;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An informer on CustomResourceDefinitions that reports every served type of a CRD once the CRD is
 * established (condition {@code Established=True}): at its first sight, and later when an update
 * establishes it or serves new versions. A 403 (no list or watch permission on CRDs) ends it with
 * one WARN saying so: it does not retry. Thread-safe; {@link #close} is idempotent.
 */
final class CrdWatch implements AutoCloseable, FirstContact {

  /** What the watch lists, for messages. */
  static final String DESCRIPTION = "the watch for new types (list and watch customresourcedefinitions.apiextensions.k8s.io)";

  private static final Logger log = LoggerFactory.getLogger(CrdWatch.class);
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final Consumer<TypeKey> listener;
  private final InformerRuntime ownRuntime;
  private final SharedIndexInformer<CustomResourceDefinition> informer;
  private final Consumer<CrdWatch> onClose;
  private final AtomicBoolean forbidden = new AtomicBoolean();

  CrdWatch(KubernetesBackend backend, Consumer<TypeKey> listener, InformerRuntime runtime, Consumer<CrdWatch> onClose) {
    this.listener = listener;
    this.onClose = onClose;
    this.ownRuntime = runtime == null
        ? InformerRuntime.builder("crd-watch").ioThreads(1).dispatchThreads(1).build()
        : null;
    ObjectType<CustomResourceDefinition> crds = backend.type(CustomResourceDefinition.class);
    this.informer = SharedIndexInformer.builder(backend.listerWatcher(crds), crds.adapter())
        .name("customresourcedefinitions")
        .transform(KubernetesTransforms.stripManagedFields())
        .runtime(runtime != null ? runtime : ownRuntime)
        .watchErrorHandler(this::failed)
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

  @Override
  public String description() {
    return DESCRIPTION;
  }

  @Override
  public CompletableFuture<Void> firstContact() {
    return informer.firstContact();
  }

  /** Ends the watch on a 403, once, with one WARN; other failures are retried by the informer. */
  private void failed(SourceException error) {
    if (error instanceof ForbiddenException && forbidden.compareAndSet(false, true)) {
      log.warn("the credentials may not list and watch CustomResourceDefinitions ({}); the watch for new types"
          + " stops: a custom resource type missing at start is found by the periodic checks only. Grant list and"
          + " watch on customresourcedefinitions.apiextensions.k8s.io, or turn the watch off"
          + " (Manager.Builder.watchNewTypes(false), informer4j.watch-new-types=false)", error.getMessage());
      informer.stop();
    }
  }

  /** Stops the watch (and its own runtime, if it made one). Idempotent. */
  @Override
  public void close() {
    onClose.accept(this);
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
