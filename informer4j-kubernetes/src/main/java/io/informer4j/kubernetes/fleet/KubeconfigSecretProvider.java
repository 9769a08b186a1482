package io.informer4j.kubernetes.fleet;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.Config;
import io.informer4j.fleet.ClusterListener;
import io.informer4j.fleet.ClusterProvider;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.Backend;
import io.informer4j.source.Selection;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports one cluster per kubeconfig Secret in a namespace of a hub cluster, as
 * multicluster-runtime's {@code kubeconfig} provider: Secrets labelled
 * {@code sigs.k8s.io/multicluster-runtime-kubeconfig=true} (by default, so the same Secrets serve
 * both) whose data key {@code kubeconfig} holds the kubeconfig; the cluster is named after the
 * Secret. An informer on the fleet's runtime watches them: a Secret added is a cluster appearing,
 * a Secret whose kubeconfig changed is a cluster changing, a Secret deleted (or its kubeconfig
 * removed) is a cluster disappearing. A Secret without the key is logged and skipped
 * ({@link #skipped()}). Clusters are reported as the informer lists, so {@link #start} does not wait
 * for the hub.
 *
 * <p>Thread-safe. Reports come from the informer's handler lane, one at a time.
 */
public final class KubeconfigSecretProvider implements ClusterProvider {

  /** The label multicluster-runtime's kubeconfig provider selects Secrets by. */
  public static final String DEFAULT_LABEL = "sigs.k8s.io/multicluster-runtime-kubeconfig";
  /** The data key holding the kubeconfig. */
  public static final String DEFAULT_KEY = "kubeconfig";

  private static final Logger log = LoggerFactory.getLogger(KubeconfigSecretProvider.class);

  private final KubernetesBackend hub;
  private final String namespace;
  private final String label;
  private final String key;
  private final Function<Config, Backend> connector;
  private final AtomicLong skipped = new AtomicLong();
  private SharedIndexInformer<Secret> informer;
  private boolean closed;

  private KubeconfigSecretProvider(Builder b) {
    this.hub = b.hub;
    this.namespace = b.namespace;
    this.label = b.label;
    this.key = b.key;
    this.connector = b.connector;
  }

  /** Starts configuring a provider of the kubeconfig Secrets in {@code namespace} of {@code hub}. */
  public static Builder builder(KubernetesBackend hub, String namespace) {
    return new Builder(hub, namespace);
  }

  /** Starts the informer over the labelled Secrets on {@code runtime}; returns at once. */
  @Override
  public synchronized void start(ClusterListener listener, InformerRuntime runtime) {
    Objects.requireNonNull(listener, "listener");
    if (informer != null || closed) {
      throw new IllegalStateException("the provider has been started or closed already");
    }
    ObjectType<Secret> secrets = hub.type(Secret.class);
    informer = SharedIndexInformer.builder(hub.listerWatcher(secrets, runtime), secrets.adapter())
        .name("kubeconfig-secrets").runtime(runtime)
        .selection(Selection.inNamespace(namespace).withLabels(LabelSelector.matchingLabels(Map.of(label, "true"))))
        .build();
    informer.addEventHandler(new Reports(listener));
    informer.start();
  }

  /** Returns the kubeconfig a Secret holds, if it holds one. */
  private Optional<String> kubeconfigOf(Secret secret) {
    Map<String, String> data = secret.getData();
    String encoded = data == null ? null : data.get(key);
    if (encoded == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException notBase64) {
      return Optional.empty();
    }
  }

  /** Returns how many Secrets (or versions of one) were skipped for holding no readable kubeconfig. */
  public long skipped() {
    return skipped.get();
  }

  /** Stops the informer; idempotent. */
  @Override
  public synchronized void close() {
    closed = true;
    if (informer != null) {
      informer.stop();
    }
  }

  /** Turns the informer's events into reports. */
  private final class Reports implements EventHandler<Secret> {
    private final ClusterListener listener;

    Reports(ClusterListener listener) {
      this.listener = listener;
    }

    @Override
    public void onAdd(Secret secret, boolean inInitialList) {
      String name = secret.getMetadata().getName();
      kubeconfigOf(secret).ifPresentOrElse(
          kubeconfig -> listener.appeared(Kubeconfigs.cluster(name, kubeconfig, connector)),
          () -> skip(secret));
    }

    @Override
    public void onUpdate(Secret oldSecret, Secret newSecret) {
      String name = newSecret.getMetadata().getName();
      Optional<String> before = kubeconfigOf(oldSecret);
      Optional<String> now = kubeconfigOf(newSecret);
      if (now.isEmpty()) {
        skip(newSecret);
        if (before.isPresent()) {
          listener.disappeared(name);
        }
      } else if (before.isEmpty()) {
        listener.appeared(Kubeconfigs.cluster(name, now.get(), connector));
      } else if (!before.equals(now)) {
        listener.changed(Kubeconfigs.cluster(name, now.get(), connector));
      }
    }

    @Override
    public void onDelete(Secret lastState, boolean finalStateUnknown) {
      listener.disappeared(lastState.getMetadata().getName());
    }

    private void skip(Secret secret) {
      skipped.incrementAndGet();
      log.warn("kubeconfig Secret {}/{} has no readable '{}' key; no cluster for it", namespace,
          secret.getMetadata().getName(), key);
    }
  }

  /** Configures a {@link KubeconfigSecretProvider}. Not thread-safe. */
  public static final class Builder {
    private final KubernetesBackend hub;
    private final String namespace;
    private String label = DEFAULT_LABEL;
    private String key = DEFAULT_KEY;
    private Function<Config, Backend> connector = Kubeconfigs.CONNECT;

    private Builder(KubernetesBackend hub, String namespace) {
      this.hub = Objects.requireNonNull(hub, "hub");
      this.namespace = Objects.requireNonNull(namespace, "namespace");
      if (namespace.isBlank()) {
        throw new IllegalArgumentException("kubeconfig Secrets are read from one namespace; none was given");
      }
    }

    /** Selects Secrets labelled {@code label=true} (default {@link KubeconfigSecretProvider#DEFAULT_LABEL}). */
    public Builder label(String label) {
      this.label = Objects.requireNonNull(label, "label");
      return this;
    }

    /** Reads the kubeconfig from data key {@code key} (default {@code kubeconfig}). */
    public Builder key(String key) {
      this.key = Objects.requireNonNull(key, "key");
      return this;
    }

    /** Builds each cluster's backend from its parsed kubeconfig with {@code connector} (default {@code KubernetesBackend::connect}). */
    public Builder connector(Function<Config, Backend> connector) {
      this.connector = Objects.requireNonNull(connector, "connector");
      return this;
    }

    /** Returns the provider, not started. */
    public KubeconfigSecretProvider build() {
      return new KubeconfigSecretProvider(this);
    }
  }
}
