import LiveUIServer
print("liveui-demo: the gallery is being built")
