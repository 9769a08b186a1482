package io.informer4j.cli.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.cli.CliException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResourceSpecTest {

  @Test
  void readsPluralsOfTheCoreGroupOtherGroupsAndKinds() {
    assertThat(ResourceSpec.parse("configmaps")).isEqualTo(new ResourceSpec("", "v1", "configmaps", false));
    assertThat(ResourceSpec.parse("v1/pods")).isEqualTo(new ResourceSpec("", "v1", "pods", false));
    assertThat(ResourceSpec.parse("apps/v1/deployments")).isEqualTo(new ResourceSpec("apps", "v1", "deployments", false));
    assertThat(ResourceSpec.parse("example.com/v1alpha1/Widget"))
        .isEqualTo(new ResourceSpec("example.com", "v1alpha1", "Widget", true));
    assertThat(ResourceSpec.parse("apps/v1/deployments")).hasToString("apps/v1/deployments");
    assertThat(ResourceSpec.parse("configmaps")).hasToString("v1/configmaps");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "a/b/c/d", "apps//deployments", "/configmaps"})
  void rejectsWhatIsNotAResource(String text) {
    assertThatThrownBy(() -> ResourceSpec.parse(text))
        .isInstanceOfSatisfying(CliException.class, e -> assertThat(e.exitCode()).isEqualTo(2))
        .hasMessageContaining("is not a resource");
  }
}
