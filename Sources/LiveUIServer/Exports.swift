@_exported import LiveUI
