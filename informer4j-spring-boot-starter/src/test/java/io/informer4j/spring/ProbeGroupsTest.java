package io.informer4j.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.health.actuate.endpoint.AdditionalHealthEndpointPath;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroup;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HttpCodeStatusMapper;
import org.springframework.boot.health.actuate.endpoint.StatusAggregator;

/** informer4j's liveness indicator joins the liveness group, its readiness one the readiness group, nothing else. */
class ProbeGroupsTest {

  /** A group of exactly {@code members}. */
  private record Members(Set<String> members) implements HealthEndpointGroup {
    @Override
    public boolean isMember(String name) {
      return members.contains(name);
    }

    @Override
    public boolean showComponents(SecurityContext securityContext) {
      return true;
    }

    @Override
    public boolean showDetails(SecurityContext securityContext) {
      return true;
    }

    @Override
    public StatusAggregator getStatusAggregator() {
      return StatusAggregator.getDefault();
    }

    @Override
    public HttpCodeStatusMapper getHttpCodeStatusMapper() {
      return HttpCodeStatusMapper.DEFAULT;
    }

    @Override
    public AdditionalHealthEndpointPath getAdditionalPath() {
      return null;
    }
  }

  @Test
  void addsEachIndicatorToItsProbeGroupOnly() {
    HealthEndpointGroups groups = new ProbeGroups(HealthEndpointGroups.of(new Members(Set.of("db")), Map.of(
        "liveness", new Members(Set.of("livenessState")),
        "readiness", new Members(Set.of("readinessState")),
        "custom", new Members(Set.of("db")))));

    assertThat(groups.get("liveness").isMember("informer4jLiveness")).isTrue();
    assertThat(groups.get("liveness").isMember("livenessState")).isTrue();
    assertThat(groups.get("liveness").isMember("informer4jReadiness")).isFalse();
    assertThat(groups.get("readiness").isMember("informer4jReadiness")).isTrue();
    assertThat(groups.get("readiness").isMember("readinessState")).isTrue();
    assertThat(groups.get("readiness").isMember("informer4jLiveness")).isFalse();
    assertThat(groups.get("custom").isMember("informer4jReadiness")).isFalse();
    assertThat(groups.getPrimary().isMember("db")).isTrue();
    assertThat(groups.getNames()).containsExactlyInAnyOrder("liveness", "readiness", "custom");
  }

  @Test
  void createsNoGroupThatDoesNotExist() {
    HealthEndpointGroups groups = new ProbeGroups(HealthEndpointGroups.of(new Members(Set.of()), Map.of()));

    assertThat(groups.get("readiness")).isNull();
    assertThat(groups.get("liveness")).isNull();
  }
}
