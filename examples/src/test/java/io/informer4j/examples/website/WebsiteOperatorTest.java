package io.informer4j.examples.website;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import io.informer4j.kubernetes.operator.Conditions;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.kubernetes.testserver.ServedRequest;
import io.informer4j.manager.ControllerStatus;
import io.informer4j.manager.Manager;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The website operator on the project's Kubernetes test server, from an empty cluster: a website
 * gets its finalizer, ConfigMap, Deployment, {@code Ready} condition and Events; a child changed or
 * deleted by someone else is restored; a reconcile when nothing changed writes nothing; a change of its spec
 * reaches both children and the condition's observed generation; its deletion runs the cleanup,
 * removes the finalizer, and the server's garbage collector deletes the children.
 */
@EnableKubernetesTestServer(serve = {ConfigMap.class, Deployment.class}, namespaces = "shop", crds = Website.CRD)
class WebsiteOperatorTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  @Test
  void convergesOnCreationRestoresItsChildrenFollowsTheSpecAndCleansUpOnDeletion(KubernetesClient client, KubernetesTestServer server) {
    Resource<Website> home = client.resources(Website.class).inNamespace("shop").withName("home");
    Resource<ConfigMap> html = client.configMaps().inNamespace("shop").withName("home-html");
    Resource<Deployment> servers = client.apps().deployments().inNamespace("shop").withName("home");
    try (KubernetesBackend kube = KubernetesBackend.using(client);
         Manager manager = WebsiteOperator.start(kube)) {
      Website created = client.resource(website("<h1>Hello</h1>", 2)).create();

      await().atMost(WAIT).until(() -> readyGeneration(home.get()).equals(Optional.of(1L)));
      Website ready = home.get();
      assertThat(ready.getMetadata().getFinalizers()).containsExactly(WebsiteOperator.FINALIZER);
      assertThat(Conditions.find(ready.getStatus().getConditions(), WebsiteStatus.READY)).hasValueSatisfying(condition -> {
        assertThat(condition.getStatus()).isEqualTo("True");
        assertThat(condition.getReason()).isEqualTo("Reconciled");
        assertThat(condition.getMessage()).isEqualTo("2 replicas serve home-html");
      });
      assertThat(html.get().getData()).containsExactly(Map.entry("index.html", "<h1>Hello</h1>"));
      assertThat(servers.get().getSpec().getReplicas()).isEqualTo(2);
      assertThat(servers.get().getSpec().getTemplate().getSpec().getVolumes().get(0).getConfigMap().getName())
          .isEqualTo("home-html");
      assertControlledBy(html.get(), created);
      assertControlledBy(servers.get(), created);
      await().atMost(WAIT).until(() -> reasons(client).containsAll(List.of("CreatedConfigMap", "CreatedDeployment")));

      servers.edit(deployment -> {
        deployment.getSpec().setReplicas(0);
        return deployment;
      });
      await("a changed Deployment reconciles its website").atMost(WAIT)
          .until(() -> servers.get().getSpec().getReplicas() == 2);
      html.delete();
      await("a deleted ConfigMap reconciles its website").atMost(WAIT).until(() -> html.get() != null);

      long reconciled = enqueued(manager);
      await().atMost(WAIT).until(() -> idle(manager));
      server.clearRequests();
      home.edit(site -> {
        site.getMetadata().getAnnotations().put("touched", "yes");
        return site;
      });
      await("a website changed in nothing that matters is reconciled").atMost(WAIT)
          .until(() -> enqueued(manager) > reconciled && idle(manager));
      assertThat(server.requests()).filteredOn(ServedRequest::isWrite).extracting(ServedRequest::path)
          .filteredOn(path -> !path.contains("/events"))
          .as("the reconcile wrote nothing (Events of earlier steps may still arrive): its children and status were "
              + "as it wants them").containsExactly("/apis/examples.informer4j.io/v1/namespaces/shop/websites/home");

      home.edit(site -> {
        site.getSpec().setHtml("<h1>Hello again</h1>");
        site.getSpec().setReplicas(3);
        return site;
      });

      await().atMost(WAIT).until(() -> readyGeneration(home.get()).equals(Optional.of(2L)));
      assertThat(html.get().getData()).containsEntry("index.html", "<h1>Hello again</h1>");
      assertThat(servers.get().getSpec().getReplicas()).isEqualTo(3);
      await().atMost(WAIT).until(() -> reasons(client).containsAll(List.of("UpdatedConfigMap", "UpdatedDeployment")));

      home.delete();

      await().atMost(WAIT).until(() -> home.get() == null);
      await().atMost(WAIT).until(() -> html.get() == null && servers.get() == null);
      await().atMost(WAIT).until(() -> reasons(client).contains("CleanedUp"));
      assertThat(events(client)).filteredOn(event -> event.getReason().equals("CleanedUp")).singleElement()
          .satisfies(event -> {
            assertThat(event.getRegarding().getUid()).isEqualTo(created.getMetadata().getUid());
            assertThat(event.getNote()).contains("deletes its 2 children");
            assertThat(event.getReportingController()).isEqualTo(WebsiteOperator.CONTROLLER);
          });
      assertThat(manager.isReady()).isTrue();
    }
    assertThat(server.requests())
        .as("the children were deleted by the server's garbage collector: since the requests were last cleared, "
            + "clients deleted only the website")
        .filteredOn(request -> request.method().equals("DELETE")).extracting(request -> request.path())
        .containsExactly("/apis/examples.informer4j.io/v1/namespaces/shop/websites/home");
  }

  private static Website website(String page, int replicas) {
    Website site = new Website();
    site.getMetadata().setNamespace("shop");
    site.getMetadata().setName("home");
    site.getSpec().setHtml(page);
    site.getSpec().setReplicas(replicas);
    return site;
  }

  /** Returns the generation the website's Ready=True condition was observed at, if any. */
  private static Optional<Long> readyGeneration(Website site) {
    return Conditions.find(site.getStatus().getConditions(), WebsiteStatus.READY)
        .filter(condition -> condition.getStatus().equals("True")).map(condition -> condition.getObservedGeneration());
  }

  private static ControllerStatus websites(Manager manager) {
    return manager.controllers().stream().filter(c -> c.name().equals("websites")).findFirst().orElseThrow();
  }

  private static long enqueued(Manager manager) {
    return websites(manager).enqueued();
  }

  private static boolean idle(Manager manager) {
    return websites(manager).queueDepth() == 0 && websites(manager).activeWorkers() == 0;
  }

  private static void assertControlledBy(HasMetadata child, Website owner) {
    assertThat(child.getMetadata().getOwnerReferences()).singleElement().satisfies(reference -> {
      assertThat(reference.getUid()).isEqualTo(owner.getMetadata().getUid());
      assertThat(reference.getKind()).isEqualTo("Website");
      assertThat(reference.getController()).isTrue();
    });
  }

  private static List<Event> events(KubernetesClient client) {
    return client.events().v1().events().inNamespace("shop").list().getItems();
  }

  private static List<String> reasons(KubernetesClient client) {
    return events(client).stream().map(Event::getReason).toList();
  }
}
