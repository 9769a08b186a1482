package io.informer4j.spring;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.AdditionalPathsMapper;
import org.springframework.boot.actuate.endpoint.web.WebServerNamespace;
import org.springframework.boot.health.actuate.endpoint.AdditionalHealthEndpointPath;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroup;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HttpCodeStatusMapper;
import org.springframework.boot.health.actuate.endpoint.StatusAggregator;

/**
 * The application's health groups with informer4j's indicators added to the probe groups: the
 * {@code liveness} group also counts {@link Informer4jHealthConfiguration#LIVENESS}, the
 * {@code readiness} group {@link Informer4jHealthConfiguration#READINESS}; every other group, and
 * the additional paths ({@code /livez}, {@code /readyz}), stay as they were. Groups that do not
 * exist (probes off and none defined) are not created. Immutable.
 */
final class ProbeGroups implements HealthEndpointGroups, AdditionalPathsMapper {

  private static final Map<String, String> MEMBERS = Map.of(
      "liveness", Informer4jHealthConfiguration.LIVENESS,
      "readiness", Informer4jHealthConfiguration.READINESS);

  private final HealthEndpointGroups groups;

  ProbeGroups(HealthEndpointGroups groups) {
    this.groups = Objects.requireNonNull(groups, "groups");
  }

  @Override
  public HealthEndpointGroup getPrimary() {
    return groups.getPrimary();
  }

  @Override
  public Set<String> getNames() {
    return groups.getNames();
  }

  @Override
  public HealthEndpointGroup get(String name) {
    HealthEndpointGroup group = groups.get(name);
    String member = MEMBERS.get(name);
    return group == null || member == null ? group : new WithMember(group, member);
  }

  @Override
  public List<String> getAdditionalPaths(EndpointId endpointId, WebServerNamespace webServerNamespace) {
    return groups instanceof AdditionalPathsMapper mapper ? mapper.getAdditionalPaths(endpointId, webServerNamespace)
        : List.of();
  }

  /** A group that also counts one more contributor. */
  private record WithMember(HealthEndpointGroup group, String member) implements HealthEndpointGroup {

    @Override
    public boolean isMember(String name) {
      return member.equals(name) || group.isMember(name);
    }

    @Override
    public boolean showComponents(SecurityContext securityContext) {
      return group.showComponents(securityContext);
    }

    @Override
    public boolean showDetails(SecurityContext securityContext) {
      return group.showDetails(securityContext);
    }

    @Override
    public StatusAggregator getStatusAggregator() {
      return group.getStatusAggregator();
    }

    @Override
    public HttpCodeStatusMapper getHttpCodeStatusMapper() {
      return group.getHttpCodeStatusMapper();
    }

    @Override
    public AdditionalHealthEndpointPath getAdditionalPath() {
      return group.getAdditionalPath();
    }
  }
}
