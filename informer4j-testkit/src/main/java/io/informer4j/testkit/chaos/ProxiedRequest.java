package io.informer4j.testkit.chaos;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An HTTP request as {@link FaultProxy} received it from a client, recorded before it was
 * forwarded or answered (so requests the proxy answered itself are recorded too). Immutable.
 *
 * @param connection the id of the connection it came on ({@link ProxyConnection#id()})
 * @param method     the method, such as {@code GET}
 * @param target     the request target as sent: path and query, such as
 *                   {@code /api/v1/configmaps?watch=true&resourceVersion=12}
 * @param receivedAt when its head was read
 */
public record ProxiedRequest(long connection, String method, String target, Instant receivedAt) {

  /** Validates the components. */
  public ProxiedRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(receivedAt, "receivedAt");
  }

  /** Returns the path, without the query. */
  public String path() {
    int query = target.indexOf('?');
    return query < 0 ? target : target.substring(0, query);
  }

  /** Returns the decoded value of the first query parameter {@code name}, if present. */
  public Optional<String> queryParameter(String name) {
    int query = target.indexOf('?');
    if (query < 0) {
      return Optional.empty();
    }
    for (String pair : target.substring(query + 1).split("&")) {
      int equals = pair.indexOf('=');
      String key = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
      if (key.equals(name)) {
        return Optional.of(equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
      }
    }
    return Optional.empty();
  }

  /** Returns true for a Kubernetes watch: a GET whose {@code watch} parameter is {@code true} or {@code 1}. */
  public boolean isWatch() {
    return "GET".equals(method) && queryParameter("watch").filter(v -> v.equals("true") || v.equals("1")).isPresent();
  }

  /** Returns true for a GET that is not a watch: a Kubernetes list, a single-object read or discovery. */
  public boolean isRead() {
    return "GET".equals(method) && !isWatch();
  }
}
