package io.informer4j.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.informer4j.etcd.internal.PemFiles;
import io.informer4j.source.Redaction;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;

/**
 * jetcd clients configured for informers. jetcd's default makes calls wait until a connection is
 * ready, so an unreachable server shows as a timeout long after the fact; these clients fail calls
 * at once instead (the informer then backs off and shows BACKOFF), connect with a timeout and keep
 * connections alive with pings. After an outage the client reconnects on gRPC's own schedule (1 s
 * after the first failed attempt, each wait 1.6 times longer, up to 2 minutes), which jetcd does not
 * let callers shorten; until it has reconnected, calls fail at once as refused connections.
 *
 * <p>TLS and authentication: {@code https://} endpoints need TLS settings, the CA certificate that
 * signed etcd's server certificate ({@link Builder#trustedCa(Path)}; without it the JVM's default
 * trust store is used) and, when etcd runs with {@code --client-cert-auth}, a client certificate
 * and key ({@link Builder#clientCertificate(Path, Path)}); etcd's own users
 * ({@link Builder#credentials(String, String)}) work over either scheme, but over {@code http://}
 * the password travels in clear. Mistakes are errors when the client is built, never a silent
 * fallback: an {@code https://} endpoint without TLS settings, TLS settings with an
 * {@code http://} endpoint, mixed schemes, credentials written into an endpoint (jetcd would ignore
 * them), unreadable or unsupported PEM files.
 */
public final class EtcdClients {

  private EtcdClients() {
  }

  /**
   * Returns a client builder for {@code endpoints} (such as {@code "http://127.0.0.1:2379"} or
   * {@code "https://etcd-0.example:2379"}) with the informer settings.
   */
  public static Builder builder(String... endpoints) {
    return new Builder(List.of(endpoints));
  }

  /**
   * Returns a connected-on-demand client for plaintext {@code endpoints} with the informer settings.
   *
   * @throws IllegalArgumentException as {@link Builder#build()}
   */
  public static Client connect(String... endpoints) {
    return builder(endpoints).build();
  }

  /** Configures a jetcd client for informers. Not thread-safe; {@link #build()} may be called again. */
  public static final class Builder {
    private final List<String> endpoints;
    private Path trustedCa;
    private Path clientCertificate;
    private Path clientKey;
    private String user;
    private String password;
    private Consumer<ClientBuilder> jetcdSettings = builder -> { };

    private Builder(List<String> endpoints) {
      if (endpoints.isEmpty()) {
        throw new IllegalArgumentException("at least one etcd endpoint is needed");
      }
      this.endpoints = List.copyOf(endpoints);
    }

    /**
     * Verifies etcd's server certificate against the CA certificate(s) in a PEM file (etcdctl's
     * {@code --cacert}); the endpoints must be {@code https://}.
     */
    public Builder trustedCa(Path caCertificatePem) {
      this.trustedCa = Objects.requireNonNull(caCertificatePem, "caCertificatePem");
      return this;
    }

    /**
     * Presents a client certificate to etcd (etcdctl's {@code --cert} and {@code --key}, needed when
     * etcd runs with {@code --client-cert-auth}); the endpoints must be {@code https://}.
     *
     * @param certificatePem the client certificate (chain) as PEM
     * @param privateKeyPem  its private key as unencrypted PKCS#8 PEM ({@code BEGIN PRIVATE KEY});
     *                       convert others with {@code openssl pkcs8 -topk8 -nocrypt}
     */
    public Builder clientCertificate(Path certificatePem, Path privateKeyPem) {
      this.clientCertificate = Objects.requireNonNull(certificatePem, "certificatePem");
      this.clientKey = Objects.requireNonNull(privateKeyPem, "privateKeyPem");
      return this;
    }

    /** Authenticates as an etcd user (etcd's {@code auth enable}); over {@code http://} the password travels in clear. */
    public Builder credentials(String user, String password) {
      this.user = Objects.requireNonNull(user, "user");
      this.password = Objects.requireNonNull(password, "password");
      Redaction.secret(password);
      if (user.isEmpty() || password.isEmpty()) {
        throw new IllegalArgumentException("the etcd user name and password must not be empty");
      }
      return this;
    }

    /**
     * Applies further jetcd settings after these (for example {@link ClientBuilder#maxInboundMessageSize}
     * or an {@link ClientBuilder#sslContext(io.netty.handler.ssl.SslContext) SslContext} of one's own,
     * which then counts as the TLS settings).
     */
    public Builder configure(Consumer<ClientBuilder> settings) {
      this.jetcdSettings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * Returns a new client; it connects on first use. The caller closes it.
     *
     * @throws IllegalArgumentException naming the endpoint or file, for an endpoint that is not an
     *                                  {@code http://} or {@code https://} URL or carries credentials,
     *                                  mixed schemes, an {@code https://} endpoint without TLS
     *                                  settings or TLS settings for {@code http://} endpoints, or a
     *                                  PEM file that cannot be read or used
     */
    public Client build() {
      List<URI> uris = new ArrayList<>();
      for (String endpoint : endpoints) {
        uris.add(EtcdEndpoints.parse(endpoint));
      }
      boolean https = EtcdEndpoints.usesTls(uris);
      ClientBuilder builder = Client.builder()
          .endpoints(uris.toArray(URI[]::new))
          .waitForReady(false)
          .connectTimeout(Duration.ofSeconds(5))
          .keepaliveTime(Duration.ofSeconds(30))
          .keepaliveTimeout(Duration.ofSeconds(10));
      if (trustedCa != null || clientCertificate != null) {
        if (!https) {
          throw new IllegalArgumentException("TLS settings were given, but etcd endpoint " + EtcdEndpoints.describe(uris.get(0))
              + " is plaintext: write https://");
        }
        builder = withTls(builder);
      }
      if (user != null) {
        builder.user(ByteSequence.from(user, StandardCharsets.UTF_8))
            .password(ByteSequence.from(password, StandardCharsets.UTF_8));
      }
      jetcdSettings.accept(builder);
      if (https && builder.sslContext() == null) {
        throw new IllegalArgumentException("etcd endpoint " + EtcdEndpoints.describe(uris.get(0))
            + " is https://, but no TLS settings were given: set the CA certificate that signed etcd's certificate"
            + " (trustedCa), and a client certificate if etcd checks them (clientCertificate)");
      }
      return builder.build();
    }

    private ClientBuilder withTls(ClientBuilder builder) {
      if (trustedCa != null) {
        PemFiles.requireCertificates(trustedCa, "CA certificate");
      }
      if (clientCertificate != null) {
        PemFiles.requireCertificates(clientCertificate, "client certificate");
        PemFiles.requirePrivateKey(clientKey);
      }
      try {
        return builder.sslContext(tls -> {
          if (trustedCa != null) {
            tls.trustManager(trustedCa.toFile());
          }
          if (clientCertificate != null) {
            tls.keyManager(clientCertificate.toFile(), clientKey.toFile());
          }
        });
      } catch (SSLException | IllegalArgumentException e) {
        throw new IllegalArgumentException("cannot use the TLS files (" + describeFiles() + "): " + e.getMessage(), e);
      }
    }

    private String describeFiles() {
      List<String> files = new ArrayList<>();
      if (trustedCa != null) {
        files.add("CA certificate " + trustedCa);
      }
      if (clientCertificate != null) {
        files.add("client certificate " + clientCertificate + ", key " + clientKey);
      }
      return String.join("; ", files);
    }
  }
}
