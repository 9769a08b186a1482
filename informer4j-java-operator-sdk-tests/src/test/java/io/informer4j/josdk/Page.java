package io.informer4j.josdk;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/** A web page ({@code josdk.informer4j.io/v1} {@code Page}), served by a Deployment the operator keeps. */
@Group("josdk.informer4j.io")
@Version("v1")
@Kind("Page")
@Plural("pages")
public class Page extends CustomResource<Page.Spec, Page.Status> implements Namespaced {

  /** The page's HTML. */
  public static class Spec {
    private String html = "";

    public String getHtml() {
      return html;
    }

    public void setHtml(String html) {
      this.html = html;
    }
  }

  /** The generation the operator served last, and what it served it from. */
  public static class Status {
    private Long observedGeneration;
    private String message;

    public Long getObservedGeneration() {
      return observedGeneration;
    }

    public void setObservedGeneration(Long observedGeneration) {
      this.observedGeneration = observedGeneration;
    }

    public String getMessage() {
      return message;
    }

    public void setMessage(String message) {
      this.message = message;
    }
  }
}
