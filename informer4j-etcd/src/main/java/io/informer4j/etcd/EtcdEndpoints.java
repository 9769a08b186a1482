package io.informer4j.etcd;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Checks etcd endpoint URLs for {@link EtcdClients}: {@code http://} or {@code https://} with a host,
 * no credentials inside, one scheme for all. Messages never repeat a password. Stateless.
 */
final class EtcdEndpoints {

  private static final Pattern PASSWORD_IN_URL = Pattern.compile("(//[^/@:\\s]*):[^/@\\s]*@");

  private EtcdEndpoints() {
  }

  /**
   * Parses one endpoint.
   *
   * @throws IllegalArgumentException naming the endpoint (its password hidden) when it is not an
   *                                  {@code http://} or {@code https://} URL with a host, or carries
   *                                  credentials
   */
  static URI parse(String endpoint) {
    if (endpoint == null) {
      throw new IllegalArgumentException("an etcd endpoint is null");
    }
    String shown = PASSWORD_IN_URL.matcher(endpoint).replaceAll("$1:***@");
    URI uri;
    try {
      uri = new URI(endpoint);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("invalid etcd endpoint '" + shown + "': write http://host:port or https://host:port");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
      throw new IllegalArgumentException("invalid etcd endpoint '" + shown + "': write http://host:port or https://host:port");
    }
    if (uri.getRawUserInfo() != null) {
      throw new IllegalArgumentException("etcd endpoint '" + shown + "' carries credentials, which the client would not"
          + " use: give them as the client's credentials instead");
    }
    return uri;
  }

  /**
   * Returns true when every endpoint is {@code https://}, false when every one is {@code http://}.
   *
   * @throws IllegalArgumentException when the schemes are mixed
   */
  static boolean usesTls(List<URI> endpoints) {
    long https = endpoints.stream().filter(uri -> "https".equalsIgnoreCase(uri.getScheme())).count();
    if (https != 0 && https != endpoints.size()) {
      throw new IllegalArgumentException("etcd endpoints mix http:// and https://: "
          + endpoints.stream().map(EtcdEndpoints::describe).toList());
    }
    return https != 0;
  }

  /** Returns {@code scheme://host[:port]} of a parsed endpoint. */
  static String describe(URI endpoint) {
    return endpoint.getScheme() + "://" + endpoint.getHost() + (endpoint.getPort() == -1 ? "" : ":" + endpoint.getPort());
  }
}
