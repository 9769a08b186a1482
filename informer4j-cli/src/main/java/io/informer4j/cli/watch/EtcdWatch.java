package io.informer4j.cli.watch;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.informer4j.cli.CliException;
import io.informer4j.cli.run.WatchedType;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.EtcdTypes;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Selection;
import java.time.Duration;

/**
 * Prepares {@code informer4j watch} over etcd: the JSON values under a key prefix
 * ({@code <prefix>/<namespace>/<name>}, or {@code <prefix>/<name>} when cluster-scoped), checked by a
 * first list, as the one type of an etcd backend, watched under the namespace rules.
 */
public final class EtcdWatch {

  /** The type the watched keys are shown as. */
  public static final TypeKey TYPE = TypeKey.of("etcd.informer4j.io", "v1", "Key");
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

  private EtcdWatch() {
  }

  /**
   * Connects and checks; blocks for one list request.
   *
   * @param access        how to reach etcd
   * @param prefix        the key prefix ({@code /registry/widgets/})
   * @param clusterScoped whether keys are {@code <prefix>/<name>} rather than {@code <prefix>/<namespace>/<name>}
   * @param filter        the namespace rules
   * @throws CliException when the endpoint, TLS files or prefix are invalid, etcd cannot be reached or
   *                      rejects the credentials, or the rules do not fit the layout
   */
  public static WatchTarget prepare(EtcdAccess access, String prefix, boolean clusterScoped, NamespaceFilter filter) {
    if (clusterScoped && filter.isActive()) {
      throw new CliException("--cluster-scoped keys have no namespace: --namespace, --allowed and --restricted"
          + " do not apply", 2, null);
    }
    KeyLayout layout;
    try {
      layout = clusterScoped ? KeyLayout.clusterScoped(prefix) : KeyLayout.namespaced(prefix);
    } catch (IllegalArgumentException e) {
      throw new CliException("invalid etcd settings (--prefix " + prefix + "): " + e.getMessage(), 2, e);
    }
    Client client = access.connect();
    try {
      ObjectType<EtcdObject<JsonNode>> type = EtcdObject.type(TYPE, EtcdObject.adapter());
      EtcdTypes etcd = EtcdTypes.builder(client).json(type, layout, JsonNode.class)
          .listerWatcherSettings(source -> source.requestTimeout(REQUEST_TIMEOUT)).build();
      String server = "etcd at " + access.shown();
      Selection selection = filter.isSingleNamespace() ? Selection.inNamespace(filter.singleNamespace()) : Selection.all();
      Preflight.check(etcd.listerWatcher(type), selection, server, "keys under " + layout.prefix() + "/");
      WatchedType watched = new WatchedType(type, layout.prefix() + "/", filter);
      return new WatchTarget(etcd, watched, "  watching JSON values under " + layout.prefix() + "/ on " + server, client);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }
}
