package io.informer4j.cli.watch;

import io.fabric8.kubernetes.client.Config;
import io.informer4j.cli.CliException;
import io.informer4j.source.Redaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * fabric8's configuration for {@code informer4j watch}: from {@code --kubeconfig}, or as fabric8
 * finds it ({@code $KUBECONFIG}, {@code ~/.kube/config}, else the in-cluster service account). When
 * no kubeconfig was found and fabric8 fell back to the in-cluster configuration, that is said with
 * every failure to reach the server, so a DNS failure for {@code kubernetes.default.svc} is not all
 * the user sees. The configuration's token, password and client key are registered with
 * {@link Redaction}. Immutable.
 *
 * @param config   the configuration, with the program's connect timeout and no request retries
 * @param fallback why the in-cluster configuration was used ({@code no kubeconfig found at …}), or
 *                 null when a kubeconfig was read
 */
record KubernetesConfiguration(Config config, String fallback) {

  private static final int CONNECT_TIMEOUT_MILLIS = 5_000;

  /**
   * Reads the configuration.
   *
   * @param kubeconfig the kubeconfig file, or null for fabric8's default configuration
   * @throws CliException when the file cannot be read, is empty or is not a kubeconfig
   */
  static KubernetesConfiguration load(Path kubeconfig) {
    Config config;
    try {
      config = kubeconfig == null ? Config.autoConfigure(null) : Config.fromKubeconfig(readable(kubeconfig).toFile());
    } catch (CliException e) {
      throw e;
    } catch (NullPointerException e) {
      throw new CliException("cannot load the Kubernetes configuration" + (kubeconfig == null ? "" : " from " + kubeconfig)
          + ": it holds no kubeconfig (apiVersion: v1, kind: Config, clusters, users, contexts and current-context)", e);
    } catch (RuntimeException e) {
      throw new CliException("cannot load the Kubernetes configuration"
          + (kubeconfig == null ? "" : " from " + kubeconfig) + ": " + e.getMessage(), e);
    }
    Redaction.secret(config.getOauthToken());
    Redaction.secret(config.getPassword());
    Redaction.secret(config.getClientKeyData());
    config.setConnectionTimeout(CONNECT_TIMEOUT_MILLIS);
    config.setRequestRetryBackoffLimit(0);
    String fallback = kubeconfig != null || config.getFile() != null ? null
        : "no kubeconfig found at " + String.join(", ", Config.getKubeconfigFilenames());
    return new KubernetesConfiguration(config, fallback);
  }

  private static Path readable(Path kubeconfig) {
    if (!Files.isReadable(kubeconfig)) {
      throw new CliException("cannot read the kubeconfig " + kubeconfig);
    }
    try {
      if (Files.readString(kubeconfig).isBlank()) {
        throw new CliException("the kubeconfig " + kubeconfig + " is empty");
      }
    } catch (IOException e) {
      throw new CliException("cannot read the kubeconfig " + kubeconfig + ": " + e.getMessage(), e);
    }
    return kubeconfig;
  }

  /** Names the server for messages: {@code the Kubernetes API server at https://…}. */
  String server() {
    return "the " + (fallback == null ? "" : "in-cluster ") + "Kubernetes API server at " + config.getMasterUrl();
  }

  /**
   * Adds to a failure to reach or use the server that the in-cluster configuration was a fall-back
   * (and what to do), when it was; returns {@code failure} itself otherwise.
   */
  CliException explain(CliException failure) {
    if (fallback == null) {
      return failure;
    }
    return new CliException(failure.getMessage() + "; " + fallback + ", so the in-cluster configuration was used:"
        + " outside a cluster, give --kubeconfig <file> or set $KUBECONFIG", failure.exitCode(), failure.getCause());
  }
}
