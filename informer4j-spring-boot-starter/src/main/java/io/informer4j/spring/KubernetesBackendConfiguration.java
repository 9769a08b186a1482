package io.informer4j.spring;

import io.fabric8.kubernetes.client.Config;
import io.informer4j.coordination.LeaderElection;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.coordination.KubernetesLeaderElection;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.Backend;
import io.informer4j.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Kubernetes backend, when informer4j-kubernetes is present, {@code informer4j.kubernetes.enabled}
 * is not false and etcd is not enabled: fabric8's configuration from {@code informer4j.kubernetes.kubeconfig}
 * and {@code context}, else fabric8's automatic one (KUBECONFIG, ~/.kube/config, in-cluster).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(KubernetesBackend.class)
@ConditionalOnBooleanProperty(name = "informer4j.kubernetes.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "informer4j.etcd.enabled", havingValue = false, matchIfMissing = true)
class KubernetesBackendConfiguration {

  /** The backend; it owns its client, closed with the context after the manager stopped. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean(Backend.class)
  KubernetesBackend informer4jKubernetesBackend(Informer4jProperties properties) {
    Informer4jProperties.KubernetesProperties kubernetes = properties.getKubernetes();
    Config config = kubernetes.getKubeconfig() != null
        ? Config.fromKubeconfig(kubernetes.getContext(), kubernetes.getKubeconfig().toFile())
        : Config.autoConfigure(kubernetes.getContext());
    return KubernetesBackend.connect(config);
  }

  /** Leader election on a Lease; the manager starts and closes it. */
  @Bean(destroyMethod = "")
  @ConditionalOnBean(KubernetesBackend.class)
  @ConditionalOnMissingBean(LeaderElection.class)
  @ConditionalOnBooleanProperty("informer4j.leader-election.enabled")
  LeaderElection<ObjectKey> informer4jLeaderElection(KubernetesBackend backend, Informer4jProperties properties) {
    Informer4jProperties.LeaderElectionProperties election = properties.getLeaderElection();
    return new KubernetesLeaderElection<>(backend.client(), election.getNamespace(), LeaderElectionSettings.name(election),
        LeaderElectionSettings.identity(election), LeaderElectionSettings.timing(election), Clock.system());
  }
}
