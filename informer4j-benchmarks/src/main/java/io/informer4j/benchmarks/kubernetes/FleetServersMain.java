package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.testkit.SimulatedApi;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The servers' JVM of {@link FleetComparison}: starts {@code clusters} {@link KubernetesTestServer}s,
 * each over a simulated API of its own holding {@code configMapsPerCluster} ConfigMaps of the chosen
 * {@link ConfigMapDataSet} (cluster {@code c} serves objects {@code c·m … c·m+m-1}, so no two clusters
 * hold the same object), lists each server once (as {@link KubernetesComparison} does), prints
 * {@code SERVERS <url>,<url>,…} on standard output and serves until its standard input ends (the
 * parent closed it, or died), then stops every server.
 *
 * <p>Arguments: {@code <clusters> <configMapsPerCluster>}.
 */
public final class FleetServersMain {

  /** The prefix of the line that lists the servers' URLs, comma-separated. */
  static final String SERVERS = "SERVERS ";

  private FleetServersMain() {
  }

  /** Runs the servers; see the class comment. */
  public static void main(String[] args) throws Exception {
    int clusters = Integer.parseInt(args[0]);
    int perCluster = Integer.parseInt(args[1]);
    List<KubernetesTestServer> servers = new ArrayList<>();
    try {
      List<String> urls = new ArrayList<>();
      for (int c = 0; c < clusters; c++) {
        SimulatedApi api = SimulatedApi.builder().build();
        KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class);
        servers.add(server);
        for (int i = 0; i < perCluster; i++) {
          api.create(KubernetesComparison.CONFIG_MAPS.type(), KubernetesComparison.DATA.configMap(c * perCluster + i, 0));
        }
        KubernetesComparison.listOnce(server.url());
        urls.add(server.url());
      }
      System.out.println(SERVERS + String.join(",", urls));
      System.out.flush();
      awaitEndOfInput();
    } finally {
      servers.forEach(KubernetesTestServer::close);
    }
    System.exit(0);
  }

  private static void awaitEndOfInput() throws IOException {
    while (System.in.read() >= 0) {
      // nothing is expected on standard input but its end
    }
  }
}
