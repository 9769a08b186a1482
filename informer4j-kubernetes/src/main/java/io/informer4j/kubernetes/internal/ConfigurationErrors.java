package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.informer4j.kubernetes.KubernetesConfigurationException;
import io.informer4j.source.Redaction;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.security.GeneralSecurityException;

/**
 * Says what is wrong when fabric8 cannot build a client from a configuration: fabric8 reports a
 * client certificate, client key or certificate authority it cannot read as "An error has
 * occurred." with the reason only in the cause; this names the material, the kubeconfig fields that
 * hold it and the reason. Stateless.
 */
public final class ConfigurationErrors {

  private ConfigurationErrors() {
  }

  /**
   * Returns a {@link KubernetesConfigurationException} explaining {@code failure} when it is
   * fabric8's report of unreadable TLS material; {@code failure} itself otherwise.
   */
  public static RuntimeException explain(Config config, RuntimeException failure) {
    if (!(failure instanceof KubernetesClientException)) {
      return failure;
    }
    Throwable reason = reason(failure);
    if (reason == null) {
      return failure;
    }
    String server = Redaction.redact(String.valueOf(config.getMasterUrl()));
    String detail = Redaction.redact(reason.getMessage() == null ? reason.getClass().getName()
        : reason.getMessage() + " (" + reason.getClass().getSimpleName() + ")");
    String message;
    if (reason instanceof NoSuchFileException || reason instanceof AccessDeniedException) {
      message = "the Kubernetes configuration for " + server + " names a file that cannot be read: " + detail;
    } else if (has(config.getClientCertData(), config.getClientCertFile()) || has(config.getClientKeyData(), config.getClientKeyFile())) {
      message = "the client certificate or client key of the Kubernetes configuration for " + server
          + " cannot be read (kubeconfig: users[].user.client-certificate[-data] and client-key[-data]): " + detail
          + "; they must be a PEM certificate and its PEM private key (PKCS#1, PKCS#8 or EC)";
    } else if (has(config.getCaCertData(), config.getCaCertFile())) {
      message = "the certificate authority of the Kubernetes configuration for " + server
          + " cannot be read (kubeconfig: clusters[].cluster.certificate-authority[-data]): " + detail
          + "; it must be one or more PEM certificates";
    } else {
      message = "the TLS settings of the Kubernetes configuration for " + server + " cannot be used: " + detail;
    }
    return new KubernetesConfigurationException(message, Redaction.redact((Throwable) failure));
  }

  /** Returns the first security or I/O failure under fabric8's exception, or null when there is none. */
  private static Throwable reason(Throwable failure) {
    for (Throwable cause = failure.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
      if (cause instanceof GeneralSecurityException || cause instanceof IOException) {
        return cause;
      }
    }
    return null;
  }

  private static boolean has(String data, String file) {
    return data != null && !data.isEmpty() || file != null && !file.isEmpty();
  }
}
