package io.informer4j.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.meta.NamespaceDecision.Reason;
import io.informer4j.meta.NamespaceMatcher;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueItem;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NamespaceGuardTest {

  private static final TypeKey WIDGET = TypeKey.of("example.com", "v1", "Widget");
  private static final Result DELEGATE_RESULT = Result.requeueAfter(Duration.ofMinutes(5));

  private final List<QueueItem> delegated = new ArrayList<>();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final Set<String> deleting = Set.of("prod/being-deleted", "kube-system/being-deleted");
  private final NamespaceGuard<QueueItem> guard = NamespaceGuard.forQueueItems("widgets",
      NamespaceMatcher.of(List.of("prod", "team-*"), List.of("kube-*", "team-secret")),
      item -> deleting.contains(item.key().toString()),
      item -> {
        delegated.add(item);
        return DELEGATE_RESULT;
      },
      registry);

  private static QueueItem item(String namespace, String name) {
    return new QueueItem(WIDGET, ObjectKey.of(namespace, name));
  }

  @Test
  void allowedNamespacesReachTheReconciler() throws Exception {
    assertThat(guard.reconcile(item("prod", "a"))).isSameAs(DELEGATE_RESULT);
    assertThat(guard.reconcile(item("team-a", "b"))).isSameAs(DELEGATE_RESULT);

    assertThat(delegated).hasSize(2);
  }

  @Test
  void disallowedNamespacesEndSuccessfullyWithoutRequeueAndAreCountedByReason() throws Exception {
    assertThat(guard.reconcile(item("kube-system", "a"))).isEqualTo(Result.done());
    assertThat(guard.reconcile(item("team-secret", "b"))).isEqualTo(Result.done());
    assertThat(guard.reconcile(item("dev", "c"))).isEqualTo(Result.done());

    assertThat(delegated).isEmpty();
    assertThat(guard.skipped(Reason.RESTRICTED)).isEqualTo(2);
    assertThat(guard.skipped(Reason.NOT_ALLOWED)).isEqualTo(1);
    assertThat(guard.skipped(Reason.ALLOWED)).isZero();
    assertThat(registry.get("informer4j_namespace_guard_skips_total").tag("controller", "widgets")
        .tag("reason", "restricted").counter().count()).isEqualTo(2);
    assertThat(registry.get("informer4j_namespace_guard_skips_total").tag("reason", "not-allowed").counter().count())
        .isEqualTo(1);
  }

  @Test
  void deletionsAlwaysPassSoFinalizersCanBeRemoved() throws Exception {
    assertThat(guard.reconcile(item("kube-system", "being-deleted"))).isSameAs(DELEGATE_RESULT);

    assertThat(delegated).containsExactly(item("kube-system", "being-deleted"));
    assertThat(guard.skipped(Reason.RESTRICTED)).isZero();
  }

  @Test
  void clusterScopedItemsPass() throws Exception {
    assertThat(guard.reconcile(new QueueItem(WIDGET, ObjectKey.clusterScoped("global")))).isSameAs(DELEGATE_RESULT);
  }
}
