package io.informer4j.spring;

import io.etcd.jetcd.Client;
import io.informer4j.coordination.LeaderElection;
import io.informer4j.etcd.EtcdClients;
import io.informer4j.etcd.EtcdTypes;
import io.informer4j.etcd.coordination.EtcdLeaderElection;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.Backend;
import io.informer4j.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The etcd backend, when informer4j-etcd is present and {@code informer4j.etcd.enabled} is true: a
 * jetcd client from {@code informer4j.etcd.*} ({@link EtcdClients}), and a catalog of the types
 * the application's {@link EtcdTypesCustomizer} beans add.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(EtcdTypes.class)
@ConditionalOnBooleanProperty("informer4j.etcd.enabled")
class EtcdBackendConfiguration {

  /**
   * The jetcd client, closed with the context after the manager stopped.
   *
   * @throws IllegalArgumentException as {@link EtcdClients.Builder#build()}, or naming the property
   *     missing from a pair (client-certificate and client-key, user and password)
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  Client informer4jEtcdClient(Informer4jProperties properties) {
    Informer4jProperties.EtcdProperties etcd = properties.getEtcd();
    EtcdClients.Builder builder = EtcdClients.builder(etcd.getEndpoints().toArray(String[]::new));
    if (etcd.getTrustedCa() != null) {
      builder.trustedCa(etcd.getTrustedCa());
    }
    if ((etcd.getClientCertificate() == null) != (etcd.getClientKey() == null)) {
      throw new IllegalArgumentException("informer4j.etcd.client-certificate and informer4j.etcd.client-key go together:"
          + " set both or neither");
    }
    if (etcd.getClientCertificate() != null) {
      builder.clientCertificate(etcd.getClientCertificate(), etcd.getClientKey());
    }
    if ((etcd.getUser() == null) != (etcd.getPassword() == null)) {
      throw new IllegalArgumentException("informer4j.etcd.user and informer4j.etcd.password go together: set both or"
          + " neither");
    }
    if (etcd.getUser() != null) {
      builder.credentials(etcd.getUser(), etcd.getPassword());
    }
    return builder.build();
  }

  /** The catalog of stored types, as the customizers build it. */
  @Bean
  @ConditionalOnMissingBean(Backend.class)
  EtcdTypes informer4jEtcdBackend(Client client, ObjectProvider<EtcdTypesCustomizer> customizers) {
    EtcdTypes.Builder builder = EtcdTypes.builder(client);
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    return builder.build();
  }

  /** Leader election on an etcd election; the manager starts and closes it. */
  @Bean(destroyMethod = "")
  @ConditionalOnBean(Client.class)
  @ConditionalOnMissingBean(LeaderElection.class)
  @ConditionalOnBooleanProperty("informer4j.leader-election.enabled")
  LeaderElection<ObjectKey> informer4jLeaderElection(Client client, Informer4jProperties properties) {
    Informer4jProperties.LeaderElectionProperties election = properties.getLeaderElection();
    return new EtcdLeaderElection<>(client, LeaderElectionSettings.name(election), LeaderElectionSettings.identity(election),
        LeaderElectionSettings.timing(election), Clock.system());
  }
}
